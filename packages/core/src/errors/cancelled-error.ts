import { ToolsmithError } from './toolsmith-error.ts';

const marker = 'toolsmith.error.cancelled';
const symbol = Symbol.for(marker);

/** The caller cancelled the operation (MCP `notifications/cancelled`, an aborted agent step). */
export class CancelledError extends ToolsmithError {
  private readonly [symbol] = true;
  readonly reason: unknown;

  constructor({ operation, reason }: { operation: string; reason?: unknown }) {
    super({ code: 'cancelled', userFacing: true, message: `${operation} was cancelled.`, cause: reason });
    this.name = 'CancelledError';
    this.reason = reason;
  }

  static override isInstance(error: unknown): error is CancelledError {
    return ToolsmithError.hasMarker(error, marker);
  }
}
