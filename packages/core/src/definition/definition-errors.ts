/**
 * The {@link ToolDefinitionError}s definition generation throws, worded as recovery instructions.
 */
import { ToolDefinitionError } from '../errors/tool-definition-error.ts';
import { describePath } from './field-path.ts';
import { isZodObjectSchema, zodTypeName } from './zod-version.ts';

/** What to use instead of a Zod type JSON Schema cannot express. */
const REPLACEMENT_HINTS: Readonly<Record<string, string>> = {
  date: 'accept an ISO string instead (z.iso.datetime() in zod 4, z.string().datetime() in zod 3) and convert it in execute()',
  bigint: 'accept z.number().int() or a numeric string instead',
  map: 'accept z.record(...) instead',
  set: 'accept z.array(...) instead',
  custom: 'give it a JSON type (z.string(), z.object({ ... }), …) and keep the check as a .refine() on that',
  transform: 'start the pipeline from a JSON type, e.g. z.string().transform(...)',
  literal: 'use a string, number, boolean or null literal',
};

function describeZodKind(kind: string): string {
  if (kind === 'effects') return 'a zod 3 .refine()/.transform() wrapper (ZodEffects)';
  if (kind === 'custom') return 'z.custom() (a type defined only by a refinement)';
  if (kind === 'literal') return 'a z.literal() of undefined or a bigint';
  return `z.${kind}()`;
}

export function nonObjectRootError(schema: unknown, toolName?: string): ToolDefinitionError {
  const kind = zodTypeName(schema);
  const got =
    kind === undefined
      ? `${schema === null ? 'null' : typeof schema}, which is not a Zod schema`
      : describeZodKind(kind);
  return new ToolDefinitionError({
    toolName,
    message: `Tool parameters must be a z.object(...); got ${got}. Wrap the parameters in z.object({ ... }).`,
  });
}

/** Throws {@link nonObjectRootError} unless `schema` is a `z.object(...)` of either zod version. */
export function assertObjectRoot(schema: unknown, toolName?: string): void {
  if (!isZodObjectSchema(schema)) throw nonObjectRootError(schema, toolName);
}

export function unrepresentableError(kind: string, path: string, toolName?: string): ToolDefinitionError {
  const hint =
    REPLACEMENT_HINTS[kind] ?? 'accept a JSON type (string, number, boolean, array, object) instead';
  return new ToolDefinitionError({
    toolName,
    message:
      `Parameter ${describePath(path)} is ${describeZodKind(kind)}, which JSON Schema cannot represent, so MCP clients ` +
      `cannot be told what to send. Either ${hint}; or describe it yourself with customTransforms['${kind}']; ` +
      'or turn strict mode off to advertise it as {} (any value).',
  });
}

export function recursiveSchemaError(path: string, toolName?: string): ToolDefinitionError {
  return new ToolDefinitionError({
    toolName,
    message:
      `Parameter ${describePath(path)} refers back to a schema that contains it (a recursive z.lazy() or getter). ` +
      'Tool definitions are inlined without $ref, so recursion cannot be expressed: replace it with a fixed number of ' +
      'explicitly nested levels, or turn strict mode off to accept any value at the recursive point.',
  });
}

export function unresolvableRefError(path: string, ref: string, toolName?: string): ToolDefinitionError {
  return new ToolDefinitionError({
    toolName,
    message: `Parameter ${describePath(path)} uses "$ref": "${ref}", which does not resolve inside the schema. Inline the referenced schema.`,
  });
}

export function missingDescriptionError(path: string, toolName?: string): ToolDefinitionError {
  return new ToolDefinitionError({
    toolName,
    message:
      `Parameter ${describePath(path)} has no description. Strict mode requires one on every parameter so the model ` +
      "knows what to send: add .describe('…') (or .meta({ description: '…' }) in zod 4) to its schema, or turn strict mode off.",
  });
}
