/**
 * Tells zod 4 schemas from zod 3 schemas and names their node types the way `customTransforms` keys them.
 *
 * zod 4 nodes (classic and mini) carry `_zod.def.type`; zod 3 nodes (`zod/v3`, zod@3) carry `_def.typeName`.
 * zod 4 classic nodes also expose `_def`, so `_zod` is checked first.
 */
import type * as z4 from 'zod';
import type * as z3 from 'zod/v3';

export type ZodMajorVersion = 3 | 4;

/** zod 3 type keys whose zod 4 counterpart is spelled differently, so one `customTransforms` key reaches both. */
const ZOD3_ALIASES: Readonly<Record<string, string>> = {
  discriminatedunion: 'union',
  nativeenum: 'enum',
  pipeline: 'pipe',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function isZod4Schema(schema: unknown): schema is z4.ZodType {
  return isRecord(schema) && isRecord(schema['_zod']) && isRecord(schema['_zod']['def']);
}

export function isZod3Schema(schema: unknown): schema is z3.ZodTypeAny {
  return (
    isRecord(schema) &&
    !('_zod' in schema) &&
    isRecord(schema['_def']) &&
    typeof schema['_def']['typeName'] === 'string'
  );
}

/** The major version of the zod that built `schema`, or `undefined` when it is not a Zod schema. */
export function detectZodVersion(schema: unknown): ZodMajorVersion | undefined {
  if (isZod4Schema(schema)) return 4;
  if (isZod3Schema(schema)) return 3;
  return undefined;
}

/** `ZodDate` → `date`, `ZodDiscriminatedUnion` → `discriminatedunion` (the spelling documented on `CustomTransform`). */
export function zod3TypeKey(typeName: string): string {
  return typeName.replace(/^Zod/, '').toLowerCase();
}

/**
 * Every key a zod 3 node answers to: its own {@link zod3TypeKey}, then the zod 4 spelling of the same
 * construct when that differs (`discriminatedunion` → `union`, `nativeenum` → `enum`, `pipeline` → `pipe`).
 */
export function zod3TypeKeys(typeName: string): string[] {
  const key = zod3TypeKey(typeName);
  const alias = ZOD3_ALIASES[key];
  return alias ? [key, alias] : [key];
}

/**
 * The type of a Zod node as zod 4 spells it (`object`, `string`, `union`, …), for either version;
 * `undefined` when `schema` is not a Zod schema.
 */
export function zodTypeName(schema: unknown): string | undefined {
  if (isZod4Schema(schema)) return schema._zod.def.type;
  if (isZod3Schema(schema)) return zod3TypeKeys(schema._def.typeName).at(-1);
  return undefined;
}

/** True for a `z.object(...)` of either version — the only shape tool parameters may take. */
export function isZodObjectSchema(schema: unknown): schema is z4.ZodObject | z3.AnyZodObject {
  return zodTypeName(schema) === 'object';
}
