/**
 * Loads an agent definition (YAML) into an `AgentDefinition` — see `schema/agent-definition.ts`.
 *
 * Layouts accepted: everything under `agent:` (seed 003), a bare top-level mapping, or the AIOS
 * agent-file layout where `dependencies:` (and `schema_version:`) sit at the root beside `agent:`.
 * A field given in both places is an error rather than a silent pick. Other root keys (`persona`,
 * `commands`, …) are kept in `extensions` beside the agent's own extra fields.
 */
import { DefinitionLoadError } from '../errors/definition-load-error.ts';
import {
  agentDefinitionSchema,
  normalizeAgentDefinition,
  type AgentDefinition,
} from '../schema/agent-definition.ts';
import type { DefinitionIssue, YamlPath } from '../schema/definition-issue.ts';
import { parseSchemaVersionValue, unknownSchemaVersionIssue } from '../schema/detect-schema-version.ts';
import { DEFAULT_DEFINITION_LIMITS, type DefinitionLimits } from './definition-limits.ts';
import { findRootMapping } from './find-root-mapping.ts';
import { issuesFromZod } from './load-errors.ts';
import { parseYamlDocument } from './parse-yaml-document.ts';
import { readDefinitionFile } from './read-definition-file.ts';

export interface ParseAgentDefinitionOptions {
  /** The file name shown in errors. @default '<agent definition>' */
  readonly file?: string;
  readonly limits?: Partial<DefinitionLimits>;
}

/** Fields that may sit either inside `agent:` or beside it at the root. */
const HOISTABLE = ['dependencies', 'schema_version'] as const;

export function parseAgentDefinition(
  text: string,
  options: ParseAgentDefinitionOptions = {},
): AgentDefinition {
  const file = options.file ?? '<agent definition>';
  const { value, sourceMap } = parseYamlDocument(text, { file, limits: options.limits });
  const fail = (issues: readonly DefinitionIssue[]): never => {
    throw DefinitionLoadError.fromIssues(file, issues, (p) => sourceMap.locate(p));
  };

  const root = findRootMapping(value, 'agent');
  if (!root.ok) return fail(root.issues);
  const { prefix } = root;
  const agent: Record<string, unknown> = { ...root.mapping };
  /** Where each field of `agent` was written. */
  const home = new Map<string, YamlPath>(Object.keys(agent).map((key) => [key, prefix]));
  const rootExtras: Record<string, unknown> = {};

  if (prefix.length > 0) {
    const document = value as Record<string, unknown>;
    const issues: DefinitionIssue[] = [];
    for (const [key, field] of Object.entries(document)) {
      if (key === 'agent') continue;
      if ((HOISTABLE as readonly string[]).includes(key)) {
        if (Object.hasOwn(agent, key)) {
          issues.push({
            path: [key],
            message: `${key} is written both at the top level and inside agent:`,
            expected: `${key} in one place only`,
          });
          continue;
        }
        agent[key] = field;
        home.set(key, []);
      } else {
        rootExtras[key] = field;
      }
    }
    if (issues.length > 0) return fail(issues);
  }
  const at = (issuePath: YamlPath): YamlPath => {
    const [head] = issuePath;
    return [...(typeof head === 'string' ? (home.get(head) ?? prefix) : prefix), ...issuePath];
  };

  const version = parseSchemaVersionValue(agent['schema_version']);
  if (version === 'invalid') {
    const issue = unknownSchemaVersionIssue(agent['schema_version'], 'agent');
    return fail([{ ...issue, path: at(issue.path) }]);
  }
  const parsed = agentDefinitionSchema.safeParse(agent, { reportInput: true });
  if (!parsed.success) {
    return fail(issuesFromZod(parsed.error.issues).map((issue) => ({ ...issue, path: at(issue.path) })));
  }
  const result = normalizeAgentDefinition(parsed.data, version ?? '1.0', file);
  if (!result.ok) return fail(result.issues.map((issue) => ({ ...issue, path: at(issue.path) })));
  const { agent: definition } = result;
  return { ...definition, extensions: { ...rootExtras, ...definition.extensions } };
}

export async function loadAgentDefinition(
  filePath: string,
  options: Omit<ParseAgentDefinitionOptions, 'file'> = {},
): Promise<AgentDefinition> {
  const limits = { ...DEFAULT_DEFINITION_LIMITS, ...options.limits };
  const text = await readDefinitionFile(filePath, limits);
  return parseAgentDefinition(text, { file: filePath, limits });
}
