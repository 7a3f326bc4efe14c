/**
 * Types shared by definition generation and the schema ↔ definition validator.
 * A "definition" here is the JSON Schema an MCP client sees as a tool's `inputSchema`.
 */
import type * as z4 from 'zod';
import type * as z3 from 'zod/v3';

/** A JSON Schema node (draft 2020-12 subset, never containing `$ref`). */
export type JsonSchema = { [keyword: string]: unknown };

/** The root of a tool's `inputSchema`: always an object. */
export interface ToolInputSchema {
  type: 'object';
  properties: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  description?: string;
  [keyword: string]: unknown;
}

/** Any Zod object schema: zod 4 (`zod`, `zod/v4`) or zod 3 (`zod/v3`, zod@3). */
export type AnyZodObject = z4.ZodObject | z3.AnyZodObject;

/** Any Zod schema of either major version. */
export type AnyZodSchema = z4.ZodType | z3.ZodTypeAny;

/** The parsed output type of a Zod schema of either major version. */
export type InferSchemaOutput<T> = T extends z3.ZodTypeAny
  ? z3.infer<T>
  : T extends z4.ZodType
    ? z4.output<T>
    : never;

/** The input type of a Zod schema of either major version (what a caller sends, before defaults). */
export type InferSchemaInput<T> = T extends z3.ZodTypeAny
  ? z3.input<T>
  : T extends z4.ZodType
    ? z4.input<T>
    : never;

/**
 * A custom transform replaces the JSON Schema generated for every Zod node of one type.
 * Keys are Zod type names as zod 4 spells them in `def.type` (`'date'`, `'bigint'`, `'string'`, …);
 * zod 3 nodes are matched by their `typeName` lower-cased without the `Zod` prefix (`ZodDate` → `'date'`),
 * and also by the zod 4 spelling where it differs (`ZodDiscriminatedUnion` → `'union'`, `ZodNativeEnum` → `'enum'`).
 *
 * `context.path` is the field path (`filter.assignee`, `tags[]`); `context.zodSchema` is the node (for zod 3, an
 * equivalent instance rebuilt from the node's `_def`, since zod-to-json-schema only visits definitions).
 * For a type JSON Schema cannot represent (`date`, `bigint`, …) `generated` is `{}` (plus its description),
 * and the transform replaces the strict-mode error. Keep transforms pure: zod 4 may call one more than once
 * for the same node (once per `.describe()`/`.meta()` layer).
 */
export type CustomTransform = (
  generated: JsonSchema,
  context: { path: string; zodSchema: unknown },
) => JsonSchema;

export interface SchemaToDefinitionOptions {
  /** Keep `description` from `.describe()` / `.meta({ description })`. @default true */
  includeDescriptions?: boolean;
  /**
   * Keep `examples` from `.meta({ examples })` (zod 4). zod 3 schemas carry no metadata besides the description,
   * so their definitions only have examples a `customTransforms` entry adds. @default true
   */
  includeExamples?: boolean;
  /**
   * Strict mode: throw a {@link ToolDefinitionError} instead of approximating when a construct cannot be
   * represented in JSON Schema (transforms, refinements that change the accepted set, dates, bigint,
   * functions, …), and require a description on every property. @default false
   */
  strict?: boolean;
  customTransforms?: Record<string, CustomTransform>;
  /** Named in the messages of the errors thrown while generating. */
  toolName?: string;
}

export type DefinitionMismatchType =
  'missing_property' | 'extra_property' | 'required_mismatch' | 'type_mismatch' | 'structure_mismatch';

export interface DefinitionMismatch {
  type: DefinitionMismatchType;
  /** Dot path; array items appear as `tags[]`, nested objects as `filter.assignee`. */
  field: string;
  message: string;
  expected?: unknown;
  actual?: unknown;
}

export interface DefinitionMatchResult {
  success: boolean;
  errors: DefinitionMismatch[];
}
