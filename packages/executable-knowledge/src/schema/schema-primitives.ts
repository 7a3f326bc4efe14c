/**
 * Building blocks shared by the v1, v2 and agent schemas.
 *
 * Error wording convention (read by `loader/load-errors.ts`): a custom `error` given to a regex or a
 * union is the *expected* phrase ("a lowercase id like create-task"), never a full sentence; the loader
 * turns it into "<what was found>. Expected <phrase>." Custom issues raised by refinements carry the
 * full message plus `params.expected`.
 */
import { closestMatches } from '@toolsmith/core';
import { z } from 'zod';

/** Tool, helper, processor, validator, anti-pattern and example ids: `validate-create-task`, `no_batch`. */
export const ID_PATTERN = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;
/** Command names: `create_task`, `createTask`, `get-task`. */
export const COMMAND_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9]*(?:[-_][A-Za-z0-9]+)*$/;
/** `export:` names: a plain JavaScript identifier. */
export const JS_IDENTIFIER_PATTERN = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** Semantic version, as written in v2 `version:` fields. */
export const SEMVER_PATTERN = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

export const TOOL_TYPES = ['mcp', 'cli', 'local', 'meta', 'api'] as const;
export type ToolType = (typeof TOOL_TYPES)[number];

/** A lowercase id (`extract-custom-field`). */
export const idSchema = z.string().regex(ID_PATTERN, {
  error: 'a lowercase id like create-task: letters and digits joined by single - or _',
});

export const commandNameSchema = z
  .string()
  .regex(COMMAND_NAME_PATTERN, { error: 'a command name like create_task: letters, digits, - or _' });

export const toolTypeSchema = z.enum(TOOL_TYPES);

export const stringListSchema = z.array(z.string());

/**
 * Keys starting with `x-` are extension fields: allowed anywhere a strict v2 object is, kept as-is.
 */
export function isExtensionKey(key: string): boolean {
  return key.startsWith('x-');
}

/**
 * A v2 mapping: the known fields are typed, unknown fields are reported one by one (with a
 * did-you-mean and the list of known fields), `x-` fields pass through.
 *
 * `z.strictObject` reports all unknown keys as one issue at the parent; this reports each at its own
 * path, so the loader can point at the line of the typo. The refinement runs even when other fields
 * are invalid (`when`), so one load lists every problem.
 */
export function strictFields<Shape extends z.ZodRawShape>(shape: Shape) {
  const known = Object.keys(shape);
  return z.looseObject(shape).superRefine(
    (value, ctx) => {
      for (const key of Object.keys(value)) {
        if (Object.hasOwn(shape, key) || isExtensionKey(key)) continue;
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: unknownFieldMessage(key, known),
          params: { expected: `one of the fields ${known.join(', ')} (or an x- extension field)` },
        });
      }
    },
    { when: () => true },
  );
}

function unknownFieldMessage(key: string, known: readonly string[]): string {
  const suggestions = closestMatches(key, known, 1);
  return suggestions.length > 0
    ? `unknown field '${key}'. Did you mean '${suggestions[0]}'?`
    : `unknown field '${key}'`;
}

/** A scalar YAML value (`enum`, `allowed_values`). */
export const scalarSchema = z.union([z.string(), z.number(), z.boolean(), z.null()], {
  error: 'a scalar (text, number, true/false or null)',
});

/** `foo` or `[foo, bar]`, normalised to a list. */
export function oneOrMany<T extends z.ZodType>(item: T, expected: string) {
  return z.union([item, z.array(item)], { error: expected });
}

/** `validate-create-task` → `validateCreateTask`: the default `export:` of a code module. */
export function camelCaseId(id: string): string {
  return id
    .split(/[-_]/)
    .filter((part) => part.length > 0)
    .map((part, index) => (index === 0 ? part : part.charAt(0).toUpperCase() + part.slice(1)))
    .join('');
}
