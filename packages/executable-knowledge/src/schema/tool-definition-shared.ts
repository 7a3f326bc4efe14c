/**
 * Sections whose YAML shape is the same in schema 1.0 and 2.0: embedded knowledge, health check,
 * dependencies, setup, changelog. They are lenient in both versions (extra keys are kept in `extra`)
 * because their content is configuration consumed by other components, and 1.0 files must load
 * unchanged.
 */
import { z } from 'zod';
import { strictFields, stringListSchema } from './schema-primitives.ts';

/** `knowledge:` as a list of `{ topic, content }`, or a mapping topic → text (or list of lines). */
export const knowledgeSchema = z.union(
  [
    z.array(z.looseObject({ topic: z.string().min(1), content: z.string() })),
    z.record(z.string(), z.union([z.string(), z.array(z.unknown())], { error: 'text or a list' })),
  ],
  { error: 'a list of { topic, content } entries, or a mapping from topic to text' },
);
export type KnowledgeInput = z.infer<typeof knowledgeSchema>;

export const HEALTH_CHECK_ACTIONS = ['warn', 'fail', 'skip'] as const;
export const HEALTH_CHECK_FALLBACKS = ['log_warning', 'fail_fast', 'skip_tool'] as const;

export const healthCheckSchema = z.looseObject({
  enabled: z.boolean().optional(),
  method: z.string().optional(),
  tool_call: strictFields({
    name: z.string().min(1),
    args: z.record(z.string(), z.unknown()).optional(),
    timeout_ms: z.number().positive().optional(),
  }).optional(),
  command: z.string().optional(),
  timeout_ms: z.number().positive().optional(),
  required: z.boolean().optional(),
  fallback: z.enum(HEALTH_CHECK_FALLBACKS).optional(),
  on_failure: z
    .looseObject({ action: z.enum(HEALTH_CHECK_ACTIONS), message: z.string().optional() })
    .optional(),
});
export type HealthCheckInput = z.infer<typeof healthCheckSchema>;

export const dependenciesSchema = z.looseObject({
  mcp_server: z.string().optional(),
  env_vars: stringListSchema.optional(),
  other_tools: stringListSchema.optional(),
});
export type DependenciesInput = z.infer<typeof dependenciesSchema>;

/** `setup:` as a mapping, or (1.0) plain instructions text. */
export const setupSchema = z.union(
  [
    z.string(),
    z.looseObject({ instructions: z.string().optional(), verification: stringListSchema.optional() }),
  ],
  { error: 'a mapping { instructions, verification } or instructions text' },
);
export type SetupInput = z.infer<typeof setupSchema>;

export const changelogSchema = z.array(
  z.looseObject({
    version: z.union([z.string(), z.number()], { error: 'a version like 1.0.0' }),
    date: z.string().optional(),
    changes: z.union([z.string(), stringListSchema], { error: 'a list of changes' }).optional(),
  }),
);
export type ChangelogInput = z.infer<typeof changelogSchema>;
