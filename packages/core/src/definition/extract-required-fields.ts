/**
 * The top-level parameters a client must send, by the same rule each zod version's JSON Schema converter
 * uses for `required` — so this list always equals the generated definition's `required`.
 */
import type * as z4core from 'zod/v4/core';
import type * as z3 from 'zod/v3';
import { assertObjectRoot } from './definition-errors.ts';
import type { AnyZodObject } from './types.ts';
import { isZod4Schema } from './zod-version.ts';

/**
 * zod 4: whether a missing key is allowed, read from the declared input type. `.optional()`, `.default()`,
 * `.prefault()` allow it. Mirrors zod's own `inputOptin`: a transform (`z.preprocess`) and `.catch()` also
 * let the parser see a missing key at runtime, but the input type they declare is that of the schema they wrap.
 */
function zod4InputOptin(field: z4core.$ZodType): string | undefined {
  const def = field._zod.def;
  if (def.type === 'pipe' && (def as z4core.$ZodPipeDef).in._zod.def.type === 'transform') {
    return zod4InputOptin((def as z4core.$ZodPipeDef).out);
  }
  if (def.type === 'catch') return zod4InputOptin((def as z4core.$ZodCatchDef).innerType);
  return field._zod.optin;
}

/** zod 3: a field is optional when its schema accepts `undefined` (`.optional()`, `.default()`, `z.unknown()`, …). */
function zod3IsOptional(field: z3.ZodTypeAny): boolean {
  try {
    return field.isOptional();
  } catch {
    // a preprocess that throws on undefined: zod-to-json-schema treats the field as optional too
    return true;
  }
}

/**
 * Top-level keys a client must send: not `.optional()`, no `.default()`.
 *
 * The versions differ on fields that merely accept `undefined` (`z.unknown()`, `z.any()`,
 * `z.union([x, z.undefined()])`, `.catch()`): zod 3 lets the key be left out, zod 4's object parser
 * rejects a missing key unless the field is declared optional, so zod 4 reports them as required.
 *
 * @throws ToolDefinitionError when `schema` is not a `z.object(...)`.
 */
export function extractRequiredFields(schema: AnyZodObject): string[] {
  assertObjectRoot(schema);
  if (isZod4Schema(schema)) {
    const shape = (schema._zod.def as z4core.$ZodObjectDef).shape;
    return Object.keys(shape).filter((key) => {
      const field = shape[key];
      return field !== undefined && zod4InputOptin(field) === undefined;
    });
  }
  const shape = (schema as z3.AnyZodObject).shape as Record<string, z3.ZodTypeAny>;
  return Object.keys(shape).filter((key) => {
    const field = shape[key];
    return field !== undefined && !zod3IsOptional(field);
  });
}
