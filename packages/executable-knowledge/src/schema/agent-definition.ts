/**
 * Agent definitions (seed 003 "Agent Schema v2.0", "Decisão 2: Schema Versioning Explícito").
 *
 * A 2.0 agent declares the tools it uses in `dependencies.tools`, each a tool id or
 * `{ id, required, commands }`. A 1.0 agent (no `schema_version`) has no tools; writing
 * `dependencies.tools` without `schema_version: 2.0` is an error telling the author to add it —
 * versioning is explicit for agents, never guessed from the fields.
 *
 * Agents carry much more than this package needs (persona, commands, …): only `id`, `name`, `role`,
 * `title` and `dependencies` are typed; every other field is kept untouched in `extensions`.
 * Whether the listed tools and commands exist is checked by the resolver, which sees the tools.
 */
import { z } from 'zod';
import type { DefinitionIssue } from './definition-issue.ts';
import { idSchema, stringListSchema, strictFields } from './schema-primitives.ts';
import type { SchemaVersion } from './tool-definition.ts';

export interface AgentToolDependency {
  readonly id: string;
  /** A required tool that cannot be resolved fails agent activation; an optional one is skipped. Default true. */
  readonly required: boolean;
  /** The commands the agent uses; undefined = all. */
  readonly commands: readonly string[] | undefined;
}

export interface AgentDefinition {
  readonly schemaVersion: SchemaVersion;
  readonly id: string;
  readonly name: string | undefined;
  readonly role: string | undefined;
  readonly title: string | undefined;
  readonly dependencies: {
    readonly tasks: readonly string[];
    readonly templates: readonly string[];
    readonly checklists: readonly string[];
    readonly data: readonly string[];
    readonly tools: readonly AgentToolDependency[];
    /** Other dependency kinds, untouched. */
    readonly extra: Readonly<Record<string, unknown>>;
  };
  /** Every other agent field (persona, commands, …), untouched. */
  readonly extensions: Readonly<Record<string, unknown>>;
  readonly origin: { readonly file: string };
}

export const agentToolDependencySchema = z.union(
  [
    idSchema,
    strictFields({
      id: idSchema,
      required: z.boolean().optional(),
      commands: z.array(z.string().min(1)).optional(),
    }),
  ],
  { error: 'a tool id, or a mapping { id, required, commands }' },
);

export const agentDependenciesSchema = z.looseObject({
  tasks: stringListSchema.optional(),
  templates: stringListSchema.optional(),
  checklists: stringListSchema.optional(),
  data: stringListSchema.optional(),
  tools: z.array(agentToolDependencySchema).optional(),
});

export const agentDefinitionSchema = z.looseObject({
  schema_version: z.unknown().optional(),
  id: idSchema,
  name: z.string().optional(),
  role: z.string().optional(),
  title: z.string().optional(),
  dependencies: agentDependenciesSchema.optional(),
});

export type AgentDefinitionInput = z.infer<typeof agentDefinitionSchema>;

const TYPED_AGENT_FIELDS = new Set(['schema_version', 'id', 'name', 'role', 'title', 'dependencies']);
const TYPED_DEPENDENCY_FIELDS = new Set(['tasks', 'templates', 'checklists', 'data', 'tools']);

function rest(
  record: Readonly<Record<string, unknown>>,
  typed: ReadonlySet<string>,
): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !typed.has(key)));
}

/**
 * Turns a parsed agent into `AgentDefinition`, or the issues that prevent it (paths relative to the
 * agent mapping, `dependencies` included).
 */
export function normalizeAgentDefinition(
  input: AgentDefinitionInput,
  version: SchemaVersion,
  file: string,
): { ok: true; agent: AgentDefinition } | { ok: false; issues: DefinitionIssue[] } {
  const issues: DefinitionIssue[] = [];
  const dependencies = input.dependencies ?? {};
  const rawTools = dependencies.tools ?? [];
  if (version === '1.0' && dependencies.tools !== undefined) {
    issues.push({
      path: ['dependencies', 'tools'],
      message: 'dependencies.tools needs agent schema 2.0, but this agent has no schema_version (or 1.0)',
      expected: 'schema_version: 2.0 in the agent mapping, next to id',
    });
  }
  const seen = new Map<string, number>();
  const tools = rawTools.map((entry, index): AgentToolDependency => {
    const tool =
      typeof entry === 'string'
        ? { id: entry, required: true, commands: undefined }
        : { id: entry.id, required: entry.required ?? true, commands: entry.commands };
    const first = seen.get(tool.id);
    if (first === undefined) seen.set(tool.id, index);
    else {
      issues.push({
        path: ['dependencies', 'tools', index],
        message: `tool '${tool.id}' is listed twice (also at dependencies.tools[${first}])`,
        expected: 'each tool once; merge the two entries',
      });
    }
    return tool;
  });
  if (issues.length > 0) return { ok: false, issues };
  return {
    ok: true,
    agent: {
      schemaVersion: version,
      id: input.id,
      name: input.name,
      role: input.role,
      title: input.title,
      dependencies: {
        tasks: dependencies.tasks ?? [],
        templates: dependencies.templates ?? [],
        checklists: dependencies.checklists ?? [],
        data: dependencies.data ?? [],
        tools,
        extra: rest(dependencies, TYPED_DEPENDENCY_FIELDS),
      },
      extensions: rest(input, TYPED_AGENT_FIELDS),
      origin: { file },
    },
  };
}
