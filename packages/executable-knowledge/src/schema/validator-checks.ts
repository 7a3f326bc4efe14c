/**
 * Declarative validator checks: `checks: [{ required_fields: [listId, name] }, { assignee_format: create_api }]`.
 *
 * Each list item is a mapping with exactly one key naming the check. The YAML form is parsed
 * straight into the `ValidatorCheck` union; an unknown check name fails the load with the list of
 * supported checks (and a did-you-mean), so a check can never be silently skipped at run time.
 * Checks that need live data (e.g. "the custom field exists in the workspace") are not declarative:
 * write them in the validator's `function`.
 */
import { closestMatches } from '@toolsmith/core';
import { z } from 'zod';
import { scalarSchema } from './schema-primitives.ts';

export const CHECK_FIELD_TYPES = ['string', 'number', 'integer', 'boolean', 'array', 'object'] as const;
export type CheckFieldType = (typeof CHECK_FIELD_TYPES)[number];

export const ASSIGNEE_FORMATS = ['create_api', 'update_api'] as const;
/** `create_api`: `assignees` is a list of ids. `update_api`: `{ add?: [ids], rem?: [ids] }`. */
export type AssigneeFormat = (typeof ASSIGNEE_FORMATS)[number];

export interface NumberRange {
  min?: number;
  max?: number;
}

export type ValidatorCheck =
  /** Each field is present and not `null` / `''`. */
  | { kind: 'required_fields'; fields: string[] }
  | { kind: 'assignee_format'; format: AssigneeFormat }
  /** When present, each field has the JSON type (`integer` = whole number). */
  | { kind: 'field_types'; types: Record<string, CheckFieldType> }
  /** When present, each field's value is one of the list. */
  | { kind: 'allowed_values'; values: Record<string, (string | number | boolean | null)[]> }
  /** When present, each field is a number within the inclusive bounds. */
  | { kind: 'number_range'; ranges: Record<string, NumberRange> };

export type ValidatorCheckKind = ValidatorCheck['kind'];

const fieldList = z.array(z.string().min(1)).min(1);

const checkValueSchemas = {
  required_fields: fieldList,
  assignee_format: z.enum(ASSIGNEE_FORMATS),
  field_types: z.record(z.string(), z.enum(CHECK_FIELD_TYPES)),
  allowed_values: z.record(z.string(), z.array(scalarSchema).min(1)),
  number_range: z.record(
    z.string(),
    z
      .strictObject({ min: z.number().optional(), max: z.number().optional() })
      .refine((range) => range.min === undefined || range.max === undefined || range.min <= range.max, {
        error: 'min is greater than max',
      }),
  ),
} satisfies Record<ValidatorCheckKind, z.ZodType>;

export const SUPPORTED_CHECKS = Object.keys(checkValueSchemas) as ValidatorCheckKind[];

function toCheck(kind: ValidatorCheckKind, value: unknown): ValidatorCheck {
  switch (kind) {
    case 'required_fields':
      return { kind, fields: value as string[] };
    case 'assignee_format':
      return { kind, format: value as AssigneeFormat };
    case 'field_types':
      return { kind, types: value as Record<string, CheckFieldType> };
    case 'allowed_values':
      return { kind, values: value as Record<string, (string | number | boolean | null)[]> };
    case 'number_range':
      return { kind, ranges: value as Record<string, NumberRange> };
  }
}

const supportedList = SUPPORTED_CHECKS.join(', ');

/** One item of `checks:`. */
export const validatorCheckSchema = z
  .record(z.string(), z.unknown(), { error: `a mapping with one check, e.g. { required_fields: [id] }` })
  .transform((item, ctx): ValidatorCheck => {
    const keys = Object.keys(item);
    if (keys.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        message: `a check is a mapping with exactly one key, found ${keys.length === 0 ? 'none' : keys.join(', ')}`,
        params: { expected: `one of ${supportedList}, each as its own list item` },
      });
      return z.NEVER;
    }
    const key = keys[0] as string;
    if (!Object.hasOwn(checkValueSchemas, key)) {
      const [suggestion] = closestMatches(key, SUPPORTED_CHECKS, 1);
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: `unknown check '${key}'.${suggestion ? ` Did you mean '${suggestion}'?` : ''}`,
        params: {
          expected: `one of the supported checks: ${supportedList} (for anything else write a validator function)`,
        },
      });
      return z.NEVER;
    }
    const kind = key as ValidatorCheckKind;
    const parsed = checkValueSchemas[kind].safeParse(item[kind], { reportInput: true });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ ...issue, path: [kind, ...issue.path] } as Parameters<typeof ctx.addIssue>[0]);
      }
      return z.NEVER;
    }
    return toCheck(kind, parsed.data);
  });
