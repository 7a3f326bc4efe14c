import { ToolsmithError } from '@toolsmith/core';

const marker = 'toolsmith.error.sandbox-output';
const symbol = Symbol.for(marker);

/**
 * Data could not cross the sandbox boundary: the arguments or the helper's result were not JSON
 * (undefined, a function, a symbol, a BigInt, NaN/Infinity, a cycle) or were larger than allowed.
 */
export class SandboxOutputError extends ToolsmithError {
  private readonly [symbol] = true;
  readonly helperId: string;
  readonly direction: 'arguments' | 'result';
  readonly reason: 'not-json' | 'too-large';
  /** What exactly was wrong, e.g. `a function at $.items[2].format`. */
  readonly detail: string;
  readonly sizeBytes: number | undefined;
  readonly limitBytes: number | undefined;

  constructor({
    helperId,
    direction,
    reason,
    detail,
    sizeBytes,
    limitBytes,
  }: {
    helperId: string;
    direction: 'arguments' | 'result';
    reason: 'not-json' | 'too-large';
    detail: string;
    sizeBytes?: number;
    limitBytes?: number;
  }) {
    const subject =
      direction === 'result' ? `The result of helper ${helperId}` : `The arguments for helper ${helperId}`;
    const fix =
      reason === 'too-large'
        ? direction === 'result'
          ? 'Return less data (filter or page it), or raise limits.maxResultBytes.'
          : 'Pass less data, or raise limits.maxArgsBytes.'
        : direction === 'result'
          ? 'Return only JSON values: objects, arrays, strings, finite numbers, booleans and null.'
          : 'Pass only JSON values: objects, arrays, strings, finite numbers, booleans and null.';
    super({
      code: 'sandbox_output_invalid',
      userFacing: true,
      message:
        reason === 'too-large'
          ? `${subject} is too large (${sizeBytes ?? '?'} bytes of JSON, limit ${limitBytes ?? '?'}). ${fix}`
          : `${subject} is not JSON: ${detail}. ${fix}`,
    });
    this.name = 'SandboxOutputError';
    this.helperId = helperId;
    this.direction = direction;
    this.reason = reason;
    this.detail = detail;
    this.sizeBytes = sizeBytes;
    this.limitBytes = limitBytes;
  }

  static override isInstance(error: unknown): error is SandboxOutputError {
    return ToolsmithError.hasMarker(error, marker);
  }
}
