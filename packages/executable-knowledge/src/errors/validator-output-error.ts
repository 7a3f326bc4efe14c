import { ToolsmithError } from '@toolsmith/core';

const marker = 'toolsmith.error.validator-output';
const symbol = Symbol.for(marker);

/** A validator function returned something other than `{ valid, errors: [{ field, message }] }`. */
export class ValidatorOutputError extends ToolsmithError {
  private readonly [symbol] = true;
  readonly toolId: string;
  readonly validatorId: string;

  constructor({ toolId, validatorId, received }: { toolId: string; validatorId: string; received: unknown }) {
    const shown = JSON.stringify(received) ?? String(received);
    super({
      code: 'validator_output_invalid',
      userFacing: false,
      message: `Validator "${validatorId}" of tool "${toolId}" returned ${shown.length > 200 ? `${shown.slice(0, 200)}…` : shown}; it must return { valid: boolean, errors: [{ field, message, antiPattern? }] }. Fix the validator's code.`,
    });
    this.name = 'ValidatorOutputError';
    this.toolId = toolId;
    this.validatorId = validatorId;
  }

  static override isInstance(error: unknown): error is ValidatorOutputError {
    return ToolsmithError.hasMarker(error, marker);
  }
}
