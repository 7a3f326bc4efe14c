/**
 * The webhook event store cannot be used — its PostgreSQL is unreachable or refuses the server,
 * its PGlite directory is held by another process or unwritable, the server is shutting down. Not
 * a bug and not the caller's mistake: a user-facing error (an `isError` answer, not JSON-RPC
 * -32603) that says what is unavailable and what to do.
 */
import { ToolsmithError } from '@toolsmith/core';

const marker = 'toolsmith.error.clickup.webhook-store-unavailable';
const symbol = Symbol.for(marker);

export class WebhookStoreUnavailableError extends ToolsmithError {
  private readonly [symbol] = true;
  /** Where the store is: `PGlite in <directory>` or `PostgreSQL at <host>… (DATABASE_URL)`. */
  readonly location: string;

  constructor({ location, message, cause }: { location: string; message: string; cause?: unknown }) {
    super({ code: 'webhook_store_unavailable', userFacing: true, message, cause });
    this.name = 'WebhookStoreUnavailableError';
    this.location = location;
  }

  static override isInstance(error: unknown): error is WebhookStoreUnavailableError {
    return ToolsmithError.hasMarker(error, marker);
  }
}
