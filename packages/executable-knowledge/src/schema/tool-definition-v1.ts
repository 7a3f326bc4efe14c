/**
 * Schema 1.0: the original, documentation-only tool format ("Brownfield Tool Schema", seeds 000/003).
 *
 * Lenient on purpose, so every 1.0 file loads unchanged: the known fields are type-checked, every
 * other field is accepted and kept in `extensions` (`mcp:`, `cli:`, `requirements:`, `scripts:` from
 * the older drafts). Older spellings are accepted too: commands and examples as plain strings,
 * `knowledge` as a topic → text mapping, `knowledge_base` as plain text.
 *
 * The one strict rule: a file that *declares* `schema_version: 1.0` must not use 2.0 features (they
 * would be silently ignored); each one is reported with how to fix the version line.
 */
import { z } from 'zod';
import { findSchemaV2Features } from './detect-schema-version.ts';
import { idSchema, stringListSchema, toolTypeSchema } from './schema-primitives.ts';
import {
  changelogSchema,
  dependenciesSchema,
  healthCheckSchema,
  knowledgeSchema,
  setupSchema,
} from './tool-definition-shared.ts';

/** `hybrid` / `executable` are accepted here only to be reported as 2.0 features with the fix. */
const KNOWLEDGE_STRATEGIES = ['embedded', 'external', 'hybrid', 'executable', 'none'] as const;

const commandV1Schema = z.looseObject({
  name: z.string().min(1),
  description: z.string().optional(),
  mcp_tool: z.string().optional(),
  required_args: stringListSchema.optional(),
  optional_args: stringListSchema.optional(),
  example: z.string().optional(),
});

const exampleV1Schema = z.looseObject({
  name: z.string().optional(),
  file: z.string().optional(),
  description: z.string().optional(),
});

const knowledgeBaseV1Schema = z.looseObject({
  source: z.string().min(1),
  collection: z.string().optional(),
  topics: stringListSchema.optional(),
  search_config: z.record(z.string(), z.unknown()).optional(),
});

export const toolDefinitionV1Schema = z
  .looseObject({
    schema_version: z.unknown().optional(),
    id: idSchema,
    type: toolTypeSchema,
    name: z.string().optional(),
    version: z.union([z.string(), z.number()], { error: 'a version like 1.0.0' }).optional(),
    description: z.string().optional(),
    tags: stringListSchema.optional(),
    knowledge_strategy: z
      .enum(KNOWLEDGE_STRATEGIES, {
        error: 'embedded, external or none (hybrid and executable need schema_version: 2.0)',
      })
      .optional(),
    knowledge: knowledgeSchema.optional(),
    knowledge_base: z
      .union([z.string(), knowledgeBaseV1Schema], { error: 'a mapping with a source, or text' })
      .optional(),
    health_check: healthCheckSchema.optional(),
    commands: z
      .array(
        z.union([z.string().min(1), commandV1Schema], { error: 'a command mapping with a name, or a name' }),
      )
      .optional(),
    dependencies: dependenciesSchema.optional(),
    setup: setupSchema.optional(),
    examples: z
      .array(z.union([z.string().min(1), exampleV1Schema], { error: 'an example mapping, or a file name' }))
      .optional(),
    changelog: changelogSchema.optional(),
  })
  .superRefine(
    (tool, ctx) => {
      // Only reached for an explicit 1.0 (auto-detection would have chosen 2.0).
      for (const feature of findSchemaV2Features(tool)) {
        ctx.addIssue({
          code: 'custom',
          path: [...feature.path],
          message: `${feature.feature} is a schema 2.0 feature, but this file declares schema_version: 1.0, so it would be ignored`,
          params: { expected: 'schema_version: 2.0 (or remove the schema_version line to auto-detect)' },
        });
      }
    },
    { when: () => true },
  );

export type ToolDefinitionV1Input = z.infer<typeof toolDefinitionV1Schema>;
