export { generateDefinitionFromSchema } from './schema-to-definition.ts';
export { compactJsonSchema } from './compact-json-schema.ts';
export { extractRequiredFields } from './extract-required-fields.ts';
export { validateSchemaDefinitionMatch } from './definition-validator.ts';
export {
  detectZodVersion,
  isZod3Schema,
  isZod4Schema,
  zodTypeName,
  type ZodMajorVersion,
} from './zod-version.ts';
export type {
  AnyZodObject,
  AnyZodSchema,
  CustomTransform,
  DefinitionMatchResult,
  DefinitionMismatch,
  DefinitionMismatchType,
  InferSchemaOutput,
  InferSchemaInput,
  JsonSchema,
  SchemaToDefinitionOptions,
  ToolInputSchema,
} from './types.ts';
