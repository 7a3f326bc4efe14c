import { ToolsmithError } from '@toolsmith/core';

const marker = 'toolsmith.error.validator-output';
const symbol = Symbol.for(marker);

/**
 * A validator function returned something other than
 * `{ valid?, errors: [{ field, message, antiPattern? }], conversions?: [{ path, from, to, reason? }] }`,
 * or a conversion that does not fit the input it validated.
 */
export class ValidatorOutputError extends ToolsmithError {
  private readonly [symbol] = true;
  readonly toolId: string;
  readonly validatorId: string;

  constructor({
    toolId,
    validatorId,
    received,
    problem,
  }: {
    toolId: string;
    validatorId: string;
    received: unknown;
    /** What is wrong with it, when more precise than "not the shape". */
    problem?: string;
  }) {
    const shown = JSON.stringify(received) ?? String(received);
    super({
      code: 'validator_output_invalid',
      userFacing: false,
      message: `Validator "${validatorId}" of tool "${toolId}" returned ${shown.length > 200 ? `${shown.slice(0, 200)}…` : shown}${problem ? `: ${problem}` : ''}; it must return { valid?: boolean, errors: [{ field, message, antiPattern? }] }, plus optionally conversions: [{ path, from, to, reason }] where from is the input's value at path. Fix the validator's code.`,
    });
    this.name = 'ValidatorOutputError';
    this.toolId = toolId;
    this.validatorId = validatorId;
  }

  static override isInstance(error: unknown): error is ValidatorOutputError {
    return ToolsmithError.hasMarker(error, marker);
  }
}
