import { ToolsmithError } from '@toolsmith/core';

const marker = 'toolsmith.error.sandbox-unavailable';
const symbol = Symbol.for(marker);

/**
 * The sandbox pool could not take the call: its queue is full (`queue-full`, transient), it was
 * closed (`closed`), or its host processes fail to start (`start-failed`, an installation problem).
 */
export class SandboxUnavailableError extends ToolsmithError {
  private readonly [symbol] = true;
  readonly reason: 'queue-full' | 'closed' | 'start-failed';
  readonly helperId: string | undefined;
  /** For `start-failed`: the end of the failing host's stderr. */
  readonly detail: string;

  constructor({
    reason,
    helperId,
    maxQueue,
    detail = '',
  }: {
    reason: 'queue-full' | 'closed' | 'start-failed';
    helperId?: string;
    maxQueue?: number;
    detail?: string;
  }) {
    const subject = helperId ? `Helper ${helperId} was not run` : 'The sandbox call was not run';
    super({
      code: 'sandbox_unavailable',
      userFacing: reason === 'queue-full',
      message:
        reason === 'queue-full'
          ? `${subject}: all sandbox processes are busy and ${maxQueue ?? 'the maximum number of'} calls are already waiting. Try again in a moment.`
          : reason === 'closed'
            ? `${subject}: the sandbox pool is closed (the server is shutting down). Create a new pool to run helpers.`
            : `${subject}: the sandbox host process failed to start. Check that isolated-vm is installed for this Node version (npm rebuild isolated-vm).${detail ? ` Host output: ${detail}` : ''}`,
    });
    this.name = 'SandboxUnavailableError';
    this.reason = reason;
    this.helperId = helperId;
    this.detail = detail;
  }

  static override isInstance(error: unknown): error is SandboxUnavailableError {
    return ToolsmithError.hasMarker(error, marker);
  }
}
