import { ToolsmithError } from '@toolsmith/core';

const marker = 'toolsmith.error.validator-output';

/**
 * JSON of what a validator returned, at most `room` characters, read no further than shown: a
 * validator that returns 20,000 conversions must not cost the host a stringify of all of them.
 */
function preview(value: unknown, room = 200, depth = 0): string {
  if (Array.isArray(value)) {
    const shown: string[] = [];
    for (let i = 0; i < value.length && i < 3 && shown.join(',').length < room; i++)
      shown.push(preview(value[i], room, depth + 1));
    if (value.length > shown.length) shown.push(`…(${value.length - shown.length} more)`);
    return depth > 3 ? '[…]' : `[${shown.join(',')}]`;
  }
  if (value !== null && typeof value === 'object') {
    if (depth > 3) return '{…}';
    const shown: string[] = [];
    for (const key in value) {
      if (shown.join(',').length >= room) {
        shown.push('…');
        break;
      }
      shown.push(
        `${JSON.stringify(key)}:${preview((value as Record<string, unknown>)[key], room, depth + 1)}`,
      );
    }
    return `{${shown.join(',')}}`;
  }
  const text = JSON.stringify(value) ?? String(value);
  return text.length > room ? `${text.slice(0, room)}…` : text;
}
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
    const shown = preview(received);
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
