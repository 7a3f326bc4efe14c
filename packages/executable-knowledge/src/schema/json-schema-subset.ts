/**
 * The JSON Schema subset accepted for processor `input_schema` / `output_schema`.
 *
 * Enough to describe the JSON a processor takes and returns (types, properties, items, enums,
 * bounds); no `$ref`, no `allOf`/`oneOf`/`not`, no conditionals. Unknown keywords are a load error,
 * so a typo (`propertes`) is not silently ignored.
 */
import { z } from 'zod';
import { scalarSchema, strictFields } from './schema-primitives.ts';

export const JSON_SCHEMA_TYPES = [
  'string',
  'number',
  'integer',
  'boolean',
  'array',
  'object',
  'null',
] as const;
export type JsonSchemaType = (typeof JSON_SCHEMA_TYPES)[number];

export interface JsonSchemaSubset {
  type?: JsonSchemaType | JsonSchemaType[];
  description?: string;
  properties?: Record<string, JsonSchemaSubset>;
  required?: string[];
  items?: JsonSchemaSubset;
  additionalProperties?: boolean | JsonSchemaSubset;
  enum?: (string | number | boolean | null)[];
  const?: unknown;
  default?: unknown;
  anyOf?: JsonSchemaSubset[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
}

const typeSchema = z.enum(JSON_SCHEMA_TYPES);
const count = z.number().int().nonnegative();

export const jsonSchemaSubsetSchema: z.ZodType<JsonSchemaSubset> = z.lazy(() =>
  strictFields({
    type: z
      .union([typeSchema, z.array(typeSchema).min(1)], {
        error: `a JSON Schema type (${JSON_SCHEMA_TYPES.join(', ')}) or a list of them`,
      })
      .optional(),
    description: z.string().optional(),
    properties: z.record(z.string(), jsonSchemaSubsetSchema).optional(),
    required: z.array(z.string()).optional(),
    items: jsonSchemaSubsetSchema.optional(),
    additionalProperties: z
      .union([z.boolean(), jsonSchemaSubsetSchema], { error: 'true, false or a schema' })
      .optional(),
    enum: z.array(scalarSchema).min(1).optional(),
    const: z.unknown().optional(),
    default: z.unknown().optional(),
    anyOf: z.array(jsonSchemaSubsetSchema).min(1).optional(),
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    minLength: count.optional(),
    maxLength: count.optional(),
    minItems: count.optional(),
    maxItems: count.optional(),
    pattern: z
      .string()
      .refine(isValidRegExp, {
        error: 'pattern is not a valid JavaScript regular expression (it must compile with the u flag)',
      })
      .optional(),
  }),
);

function isValidRegExp(source: string): boolean {
  try {
    new RegExp(source, 'u');
    return true;
  } catch {
    return false;
  }
}
