/**
 * Which schema a tool (or agent) definition is written against.
 *
 * Tools (seed "Auto-Detection"): an explicit `schema_version` wins; otherwise any 2.0 feature makes
 * it 2.0; otherwise 1.0, so every 1.0 file loads unchanged. Agents ("Decisão 2: Schema Versioning
 * Explícito"): explicit or 1.0, no auto-detection; `dependencies.tools` in a 1.0 agent is an error
 * that says to add `schema_version: 2.0` (see `agent-definition.ts`).
 *
 * Accepted spellings: `2.0`, `2`, `"2.0"`, `"2"` (and the same for 1.0). YAML reads `2.0` as the
 * number 2, so numbers and strings are both accepted. Anything else is an unknown version: a clear
 * error naming the supported versions and how to fix the line, never a silent fallback.
 */
import { DefinitionLoadError } from '../errors/definition-load-error.ts';
import type { DefinitionIssue, YamlPath } from './definition-issue.ts';
import { formatScalar } from './describe-value.ts';
import type { SchemaVersion } from './tool-definition.ts';

export const SUPPORTED_SCHEMA_VERSIONS: readonly SchemaVersion[] = ['1.0', '2.0'];

/** A 2.0-only construct found in a tool definition. */
export interface SchemaFeature {
  /** Path inside the tool mapping (without a `tool.` wrapper). */
  readonly path: YamlPath;
  /** Short name for messages: `executable_knowledge`, `commands[].validation`. */
  readonly feature: string;
}

export interface SchemaVersionDetection {
  readonly version: SchemaVersion;
  /** `explicit`: `schema_version` was written; `features`: 2.0 features found; `default`: neither. */
  readonly detectedBy: 'explicit' | 'features' | 'default';
  /** 2.0 features present (whatever the version). */
  readonly features: readonly SchemaFeature[];
}

const V2_SECTIONS = [
  'executable_knowledge',
  'api_complexity',
  'anti_patterns',
  'mcp_config',
  'cli_config',
  'local_config',
  'meta_config',
] as const;

const V2_COMMAND_FIELDS = ['uses_helpers', 'validation', 'example_ref', 'example_refs'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function present(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/** Every 2.0-only construct in `tool` (the mapping under `tool:`), in document order of sections. */
export function findSchemaV2Features(tool: Readonly<Record<string, unknown>>): SchemaFeature[] {
  const features: SchemaFeature[] = [];
  for (const key of V2_SECTIONS) {
    if (present(tool[key])) features.push({ path: [key], feature: key });
  }
  const strategy = tool['knowledge_strategy'];
  if (strategy === 'hybrid' || strategy === 'executable') {
    features.push({ path: ['knowledge_strategy'], feature: `knowledge_strategy: ${strategy}` });
  }
  const examples = tool['examples'];
  if (isRecord(examples)) {
    features.push({ path: ['examples'], feature: 'examples grouped in a mapping' });
  } else if (Array.isArray(examples)) {
    examples.forEach((example, index) => {
      if (isRecord(example) && present(example['scenario'])) {
        features.push({ path: ['examples', index, 'scenario'], feature: 'examples[].scenario' });
      }
    });
  }
  const commands = tool['commands'];
  if (Array.isArray(commands)) {
    commands.forEach((command, index) => {
      if (!isRecord(command)) return;
      for (const key of V2_COMMAND_FIELDS) {
        if (present(command[key]))
          features.push({ path: ['commands', index, key], feature: `commands[].${key}` });
      }
    });
  }
  return features;
}

/** Reads an explicit `schema_version` value: a version, `undefined` when absent, or `'invalid'`. */
export function parseSchemaVersionValue(value: unknown): SchemaVersion | undefined | 'invalid' {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number') {
    if (value === 1) return '1.0';
    if (value === 2) return '2.0';
    return 'invalid';
  }
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '1' || text === '1.0') return '1.0';
    if (text === '2' || text === '2.0') return '2.0';
  }
  return 'invalid';
}

/** The author-facing issue for an unknown `schema_version`. */
export function unknownSchemaVersionIssue(value: unknown, kind: 'tool' | 'agent'): DefinitionIssue {
  // YAML reads `3.0` as the number 3: show whole numbers the way they are usually written.
  const written =
    typeof value === 'string'
      ? formatScalar(value)
      : typeof value === 'number' && Number.isInteger(value)
        ? value.toFixed(1)
        : String(value);
  const fix =
    kind === 'tool'
      ? 'schema_version: 2.0 (helpers, validators, processors, anti-patterns, scenario examples), or schema_version: 1.0 / no schema_version line for a documentation-only tool'
      : 'schema_version: 2.0 for an agent that declares dependencies.tools, or schema_version: 1.0 / no schema_version line otherwise';
  return {
    path: ['schema_version'],
    message: `unknown schema_version ${written}. This loader supports ${SUPPORTED_SCHEMA_VERSIONS.join(' and ')}`,
    expected: fix,
  };
}

/**
 * Non-throwing detection used by the loader. `tool` is the mapping under `tool:`.
 */
export function resolveToolSchemaVersion(
  tool: Readonly<Record<string, unknown>>,
): { ok: true; detection: SchemaVersionDetection } | { ok: false; issue: DefinitionIssue } {
  const features = findSchemaV2Features(tool);
  const explicit = parseSchemaVersionValue(tool['schema_version']);
  if (explicit === 'invalid')
    return { ok: false, issue: unknownSchemaVersionIssue(tool['schema_version'], 'tool') };
  if (explicit !== undefined)
    return { ok: true, detection: { version: explicit, detectedBy: 'explicit', features } };
  if (features.length > 0)
    return { ok: true, detection: { version: '2.0', detectedBy: 'features', features } };
  return { ok: true, detection: { version: '1.0', detectedBy: 'default', features } };
}

/**
 * The schema version of a parsed tool definition: the whole document (`{ tool: {…} }`) or the tool
 * mapping itself. Throws a `DefinitionLoadError` for an unknown `schema_version`.
 */
export function detectSchemaVersion(
  definition: unknown,
  options: { file?: string } = {},
): SchemaVersionDetection {
  const wrapped = isRecord(definition) && isRecord(definition['tool']);
  const tool = wrapped
    ? (definition['tool'] as Record<string, unknown>)
    : isRecord(definition)
      ? definition
      : {};
  const result = resolveToolSchemaVersion(tool);
  if (result.ok) return result.detection;
  const path = wrapped ? ['tool', ...result.issue.path] : [...result.issue.path];
  throw DefinitionLoadError.fromIssues(options.file ?? '<tool definition>', [{ ...result.issue, path }]);
}

/**
 * The schema version of an agent: explicit, or 1.0. Throws a `DefinitionLoadError` for an unknown
 * `schema_version`. `agent` is the mapping under `agent:` (or the document).
 */
export function detectAgentSchemaVersion(agent: unknown, options: { file?: string } = {}): SchemaVersion {
  const record = isRecord(agent) ? agent : {};
  const explicit = parseSchemaVersionValue(record['schema_version']);
  if (explicit === 'invalid') {
    throw DefinitionLoadError.fromIssues(options.file ?? '<agent definition>', [
      unknownSchemaVersionIssue(record['schema_version'], 'agent'),
    ]);
  }
  return explicit ?? '1.0';
}
