import { ToolsmithError } from '@toolsmith/core';

const marker = 'toolsmith.error.sandbox-memory';
const symbol = Symbol.for(marker);

/**
 * A helper used more memory than its isolate may have (`memoryMb`). The isolate (or, for a hard
 * out-of-memory abort, the whole sandbox host process) was thrown away and replaced.
 */
export class SandboxMemoryError extends ToolsmithError {
  private readonly [symbol] = true;
  readonly memoryMb: number;
  readonly helperId: string;

  constructor({ memoryMb, helperId, cause }: { memoryMb: number; helperId: string; cause?: unknown }) {
    super({
      code: 'sandbox_memory',
      userFacing: true,
      cause,
      message: `Helper ${helperId} exceeded its ${memoryMb} MB memory limit and was stopped. Pass a smaller input (fewer items, shorter strings) or raise limits.memoryMb.`,
    });
    this.name = 'SandboxMemoryError';
    this.memoryMb = memoryMb;
    this.helperId = helperId;
  }

  static override isInstance(error: unknown): error is SandboxMemoryError {
    return ToolsmithError.hasMarker(error, marker);
  }
}
