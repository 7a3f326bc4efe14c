import { ToolsmithError } from './toolsmith-error.ts';

const marker = 'toolsmith.error.cancelled';
const symbol = Symbol.for(marker);

/** The caller cancelled the operation (MCP `notifications/cancelled`, an aborted agent step). */
export class CancelledError extends ToolsmithError {
  private readonly [symbol] = true;
  readonly reason: unknown;

  /** The options say what was cancelled (`{ operation: 'The bulk change' }`); a plain message is used as it is. */
  constructor(message: string, details?: { reason?: unknown });
  constructor(options: { operation: string; reason?: unknown });
  constructor(first: string | { operation: string; reason?: unknown }, details: { reason?: unknown } = {}) {
    const { reason } = typeof first === 'string' ? details : first;
    const message = typeof first === 'string' ? first : `${first.operation} was cancelled.`;
    super({ code: 'cancelled', userFacing: true, message, cause: reason });
    this.name = 'CancelledError';
    this.reason = reason;
  }

  static override isInstance(error: unknown): error is CancelledError {
    return ToolsmithError.hasMarker(error, marker);
  }
}
