/**
 * Schema 2.0: tool definitions whose knowledge is code (seed 001 §2.2 "Universal Tool Schema v2.0",
 * §3 type-specific extensions). The format is documented field by field in `README.md`.
 *
 * Strict where authors write structure (top level, executable knowledge, commands, anti-patterns,
 * type configs): an unknown field is reported with a did-you-mean, so `validaton:` is not silently
 * ignored; `x-` fields are always allowed. Free-form where the content is documentation
 * (`payload_schemas`, `field_mappings`, example payloads, quirk details).
 *
 * This schema checks each field on its own. Rules that relate fields (references, dependency
 * cycles, one code source per module, the type config matching `type`, the knowledge strategy
 * having its material) are checked by `loader/cross-references.ts`, which has the whole definition.
 */
import { z } from 'zod';
import { jsonSchemaSubsetSchema } from './json-schema-subset.ts';
import {
  commandNameSchema,
  idSchema,
  JS_IDENTIFIER_PATTERN,
  oneOrMany,
  SEMVER_PATTERN,
  stringListSchema,
  strictFields,
  toolTypeSchema,
} from './schema-primitives.ts';
import type { AntiPatternCondition, AntiPatternDetect, KnowledgeStrategy } from './tool-definition.ts';
import {
  changelogSchema,
  dependenciesSchema,
  healthCheckSchema,
  knowledgeSchema,
  setupSchema,
} from './tool-definition-shared.ts';
import { validatorCheckSchema } from './validator-checks.ts';

export const KNOWLEDGE_STRATEGIES: readonly KnowledgeStrategy[] = [
  'embedded',
  'external',
  'hybrid',
  'executable',
  'none',
];

export const CODE_RUNTIMES = ['isolated_vm', 'node_vm2'] as const;

export const SCENARIO_KINDS = ['success', 'failure', 'edge_case', 'anti_pattern'] as const;
export const SCENARIO_PATTERN = /^(success|failure|edge_case|anti_pattern)(?:_[a-z0-9]+)*$/;

export const ANTI_PATTERN_CONDITIONS: readonly AntiPatternCondition[] = [
  'missing',
  'present',
  'empty',
  'is_array',
  'not_array',
  'is_object',
  'not_object',
  'is_string',
  'not_string',
  'is_number',
  'not_number',
];

export const MCP_TRANSPORTS = ['stdio', 'sse', 'http'] as const;

const SEMVER_EXPECTED = 'a semantic version like 1.0.0 (YAML reads 1.0 as a number: write 1.0.0)';

/** Fields shared by helpers, processors and validators. */
const codeFields = {
  id: idSchema,
  description: z.string().optional(),
  language: z.literal('javascript', { error: 'javascript (the only supported language)' }).optional(),
  runtime: z
    .enum(CODE_RUNTIMES, {
      error:
        'isolated_vm (the default) or node_vm2; code always runs in the isolated-vm sandbox, never outside it',
    })
    .optional(),
  dependencies: stringListSchema.optional(),
  function: z.string().min(1).optional(),
  file: z.string().min(1).optional(),
  export: z
    .string()
    .regex(JS_IDENTIFIER_PATTERN, { error: 'a JavaScript function name like validateCreateTask' })
    .optional(),
};

export const helperSchema = strictFields(codeFields);

export const processorSchema = strictFields({
  ...codeFields,
  steps: z.array(z.string()).min(1).optional(),
  input_schema: jsonSchemaSubsetSchema.optional(),
  output_schema: jsonSchemaSubsetSchema.optional(),
});

export const validatorSchema = strictFields({
  ...codeFields,
  validates: oneOrMany(z.string().min(1), 'a command name or a list of command names').optional(),
  checks: z.array(validatorCheckSchema).optional(),
});

/**
 * A piece of call context the pack's validators can read (`executable_knowledge.context`): the
 * host fetches it before validation through a context provider of the same id
 * (`defineContextProvider`). The description says what the data is and its shape.
 */
export const contextEntrySchema = strictFields({
  id: idSchema,
  description: z.string().min(1),
});

export const executableKnowledgeSchema = strictFields({
  context: z.array(contextEntrySchema).optional(),
  helpers: z.array(helperSchema).optional(),
  processors: z.array(processorSchema).optional(),
  validators: z.array(validatorSchema).optional(),
});

export const commandV2Schema = strictFields({
  name: commandNameSchema,
  description: z.string().optional(),
  mcp_tool: z.string().min(1).optional(),
  cli_args: stringListSchema.optional(),
  exec_template: z.string().min(1).optional(),
  required_args: stringListSchema.optional(),
  optional_args: stringListSchema.optional(),
  uses_helpers: stringListSchema.optional(),
  validation: oneOrMany(
    z.string().min(1),
    'a validator reference (validators.<id>) or a list of them',
  ).optional(),
  context: stringListSchema.optional(),
  example_ref: z.string().min(1).optional(),
  example_refs: stringListSchema.optional(),
  example: z.string().optional(),
});

export const exampleV2Schema = z.looseObject({
  id: idSchema.optional(),
  scenario: z
    .string()
    .regex(SCENARIO_PATTERN, {
      error: `a scenario starting with ${SCENARIO_KINDS.join(', ')} (optionally followed by _details, e.g. failure_invalid_list)`,
    })
    .optional(),
  description: z.string().optional(),
  command: z.string().min(1).optional(),
  note: z.string().optional(),
  name: z.string().optional(),
  file: z.string().optional(),
});

export const examplesV2Schema = z.union(
  [z.array(exampleV2Schema), z.record(z.string(), z.array(exampleV2Schema))],
  { error: 'a list of examples, or a mapping from a group (command) name to a list of examples' },
);

const conditionsList = ANTI_PATTERN_CONDITIONS.join(', ');

/**
 * `detect:` of an anti-pattern, parsed into `AntiPatternDetect`. The validator stays a reference as
 * written (resolved by the loader's cross-reference pass).
 */
export const antiPatternDetectSchema = z
  .union([z.string().min(1), z.record(z.string(), z.unknown())], {
    error: 'a validator reference, { validator, field } or { command, field, when }',
  })
  .transform((value, ctx): AntiPatternDetect => {
    if (typeof value === 'string') return { kind: 'validator', validator: value, field: undefined };
    const validatorForm = strictFields({ validator: z.string().min(1), field: z.string().min(1).optional() });
    const matchForm = strictFields({
      command: z.string().min(1).optional(),
      field: z.string().min(1),
      when: z.enum(ANTI_PATTERN_CONDITIONS as [AntiPatternCondition, ...AntiPatternCondition[]], {
        error: `one of ${conditionsList}`,
      }),
    });
    const form = Object.hasOwn(value, 'validator') ? validatorForm : matchForm;
    const parsed = form.safeParse(value, { reportInput: true });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue(issue as Parameters<typeof ctx.addIssue>[0]);
      return z.NEVER;
    }
    const data = parsed.data as Record<string, unknown>;
    if (Object.hasOwn(value, 'validator')) {
      return {
        kind: 'validator',
        validator: data['validator'] as string,
        field: data['field'] as string | undefined,
      };
    }
    return {
      kind: 'match',
      command: data['command'] as string | undefined,
      field: data['field'] as string,
      when: data['when'] as AntiPatternCondition,
    };
  });

export const antiPatternSchema = strictFields({
  pattern: idSchema,
  description: z.string().min(1),
  wrong: z.unknown().optional(),
  correct: z.unknown().optional(),
  why: z.string().optional(),
  error: z.string().optional(),
  note: z.string().optional(),
  reference: z.string().min(1).optional(),
  detect: antiPatternDetectSchema.optional(),
});

export const apiComplexitySchema = strictFields({
  payload_schemas: z.record(z.string(), z.unknown()).optional(),
  field_mappings: z.record(z.string(), z.unknown()).optional(),
  api_quirks: z
    .array(
      z.looseObject({ quirk: idSchema, description: z.string().min(1), mitigation: z.string().optional() }),
    )
    .optional(),
  known_limitations: z
    .array(
      z.looseObject({
        limitation: idSchema,
        description: z.string().min(1),
        workaround: z.string().optional(),
      }),
    )
    .optional(),
});

export const knowledgeBaseV2Schema = strictFields({
  source: z.string().min(1),
  collection: z.string().optional(),
  topics: stringListSchema.optional(),
  search_config: z.record(z.string(), z.unknown()).optional(),
});

const positiveInt = z.number().int().positive();

export const mcpConfigSchema = strictFields({
  server_name: z.string().min(1),
  transport: z.enum(MCP_TRANSPORTS).optional(),
  connection_timeout_ms: positiveInt.optional(),
});

export const cliConfigSchema = strictFields({
  executable: z.string().min(1),
  version_command: z.string().optional(),
  expected_version: z.string().optional(),
});

export const localConfigSchema = strictFields({
  executable: z.string().min(1),
  install_instructions: z.string().optional(),
});

export const metaConfigSchema = strictFields({
  orchestrates: z.array(idSchema).min(1),
  workflow: z
    .array(strictFields({ step: z.string().min(1), tool: idSchema, command: z.string().min(1) }))
    .optional(),
});

export const toolDefinitionV2Schema = strictFields({
  schema_version: z.unknown().optional(),
  id: idSchema,
  type: toolTypeSchema,
  name: z.string().min(1),
  version: z.string({ error: SEMVER_EXPECTED }).regex(SEMVER_PATTERN, { error: SEMVER_EXPECTED }),
  description: z.string().min(1),
  tags: stringListSchema.optional(),
  knowledge_strategy: z.enum(KNOWLEDGE_STRATEGIES as [KnowledgeStrategy, ...KnowledgeStrategy[]]).optional(),
  knowledge: knowledgeSchema.optional(),
  knowledge_base: knowledgeBaseV2Schema.optional(),
  executable_knowledge: executableKnowledgeSchema.optional(),
  api_complexity: apiComplexitySchema.optional(),
  anti_patterns: z.array(antiPatternSchema).optional(),
  examples: examplesV2Schema.optional(),
  health_check: healthCheckSchema.optional(),
  commands: z.array(commandV2Schema).optional(),
  dependencies: dependenciesSchema.optional(),
  setup: setupSchema.optional(),
  author: z.string().optional(),
  documentation: z.string().optional(),
  source: z.string().optional(),
  changelog: changelogSchema.optional(),
  mcp_config: mcpConfigSchema.optional(),
  cli_config: cliConfigSchema.optional(),
  local_config: localConfigSchema.optional(),
  meta_config: metaConfigSchema.optional(),
});

export type ToolDefinitionV2Input = z.infer<typeof toolDefinitionV2Schema>;
export type HelperInput = z.infer<typeof helperSchema>;
export type ProcessorInput = z.infer<typeof processorSchema>;
export type ValidatorInput = z.infer<typeof validatorSchema>;
export type ContextEntryInput = z.infer<typeof contextEntrySchema>;
export type CommandV2Input = z.infer<typeof commandV2Schema>;
export type ExampleV2Input = z.infer<typeof exampleV2Schema>;
export type AntiPatternInput = z.infer<typeof antiPatternSchema>;
