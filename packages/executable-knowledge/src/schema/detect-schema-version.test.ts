import { describe, expect, it } from '@jest/globals';
import { DefinitionLoadError } from '../errors/definition-load-error.ts';
import {
  detectAgentSchemaVersion,
  detectSchemaVersion,
  findSchemaV2Features,
} from './detect-schema-version.ts';

const v1 = {
  id: 'exa',
  type: 'mcp',
  knowledge: [{ topic: 'usage', content: 'x' }],
  commands: [{ name: 'search' }],
};

function thrown(run: () => unknown): DefinitionLoadError {
  try {
    run();
  } catch (error) {
    if (DefinitionLoadError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a DefinitionLoadError');
}

describe('detectSchemaVersion', () => {
  it.each([
    [2, '2.0'],
    ['2.0', '2.0'],
    ['2', '2.0'],
    [' 2.0 ', '2.0'],
    [1, '1.0'],
    ['1.0', '1.0'],
    ['1', '1.0'],
  ])('reads an explicit schema_version %p as %s', (written, version) => {
    expect(detectSchemaVersion({ ...v1, schema_version: written })).toMatchObject({
      version,
      detectedBy: 'explicit',
    });
  });

  it('lets an explicit 1.0 win over 2.0 features (the v1 schema then reports them)', () => {
    const detection = detectSchemaVersion({ ...v1, schema_version: 1, anti_patterns: [] });
    expect(detection).toEqual({
      version: '1.0',
      detectedBy: 'explicit',
      features: [{ path: ['anti_patterns'], feature: 'anti_patterns' }],
    });
  });

  it('defaults to 1.0 without version or 2.0 features', () => {
    expect(detectSchemaVersion(v1)).toEqual({ version: '1.0', detectedBy: 'default', features: [] });
    expect(detectSchemaVersion({ ...v1, schema_version: null })).toMatchObject({
      version: '1.0',
      detectedBy: 'default',
    });
  });

  it.each([
    ['executable_knowledge', { executable_knowledge: { helpers: [] } }, ['executable_knowledge']],
    ['api_complexity', { api_complexity: {} }, ['api_complexity']],
    ['anti_patterns', { anti_patterns: [] }, ['anti_patterns']],
    ['mcp_config', { mcp_config: { server_name: 'x' } }, ['mcp_config']],
    ['cli_config', { cli_config: { executable: 'gh' } }, ['cli_config']],
    ['local_config', { local_config: { executable: 'ffmpeg' } }, ['local_config']],
    ['meta_config', { meta_config: { orchestrates: ['a'] } }, ['meta_config']],
    ['knowledge_strategy: hybrid', { knowledge_strategy: 'hybrid' }, ['knowledge_strategy']],
    ['knowledge_strategy: executable', { knowledge_strategy: 'executable' }, ['knowledge_strategy']],
    ['examples as a mapping', { examples: { create_task: [] } }, ['examples']],
    [
      'an example with a scenario',
      { examples: [{ name: 'a' }, { scenario: 'success' }] },
      ['examples', 1, 'scenario'],
    ],
    [
      'commands[].uses_helpers',
      { commands: [{ name: 'a', uses_helpers: ['h'] }] },
      ['commands', 0, 'uses_helpers'],
    ],
    [
      'commands[].validation',
      { commands: [{ name: 'a' }, { name: 'b', validation: 'v' }] },
      ['commands', 1, 'validation'],
    ],
    [
      'commands[].example_ref',
      { commands: [{ name: 'a', example_ref: 'examples.a' }] },
      ['commands', 0, 'example_ref'],
    ],
    [
      'commands[].example_refs',
      { commands: [{ name: 'a', example_refs: [] }] },
      ['commands', 0, 'example_refs'],
    ],
  ])('auto-detects 2.0 from %s', (_name, extra, path) => {
    const detection = detectSchemaVersion({ ...v1, ...extra });
    expect(detection.version).toBe('2.0');
    expect(detection.detectedBy).toBe('features');
    expect(detection.features.map((f) => f.path)).toEqual([path]);
  });

  it('does not treat v1 constructs as 2.0 features', () => {
    const v1Heavy = {
      ...v1,
      knowledge_strategy: 'external',
      knowledge_base: { source: 'supabase_hybrid_search' },
      examples: [{ name: 'a', file: 'a.md' }, 'b.md'],
      commands: [{ name: 'a', example: '{}' }, 'b'],
      executable_knowledge: null,
      mcp: { server_name: 'x' },
    };
    expect(detectSchemaVersion(v1Heavy)).toEqual({ version: '1.0', detectedBy: 'default', features: [] });
  });

  it('accepts the whole document with its tool: wrapper', () => {
    expect(detectSchemaVersion({ tool: { ...v1, schema_version: '2.0' } }).version).toBe('2.0');
  });

  it.each([3, 2.1, '3.0', 'v2', true, [2]])('refuses an unknown schema_version %p', (written) => {
    const error = thrown(() =>
      detectSchemaVersion({ tool: { ...v1, schema_version: written } }, { file: 'exa.yaml' }),
    );
    expect(error.file).toBe('exa.yaml');
    expect(error.yamlPath).toBe('tool.schema_version');
    expect(error.message).toContain('This loader supports 1.0 and 2.0');
  });

  it('explains how to fix an unknown version', () => {
    const error = thrown(() => detectSchemaVersion({ ...v1, schema_version: 3 }, { file: 'exa.yaml' }));
    expect(error.message).toMatchInlineSnapshot(
      `"exa.yaml at schema_version: unknown schema_version 3.0. This loader supports 1.0 and 2.0. Expected schema_version: 2.0 (helpers, validators, processors, anti-patterns, scenario examples), or schema_version: 1.0 / no schema_version line for a documentation-only tool."`,
    );
  });
});

describe('findSchemaV2Features', () => {
  it('lists every feature with its path, in section order', () => {
    expect(
      findSchemaV2Features({
        anti_patterns: [],
        executable_knowledge: {},
        commands: [{ name: 'a', validation: 'v', uses_helpers: [] }],
      }).map((f) => f.feature),
    ).toEqual(['executable_knowledge', 'anti_patterns', 'commands[].uses_helpers', 'commands[].validation']);
  });
});

describe('detectAgentSchemaVersion', () => {
  it('is explicit or 1.0, never inferred from dependencies.tools', () => {
    expect(detectAgentSchemaVersion({ id: 'po', schema_version: 2.0 })).toBe('2.0');
    expect(detectAgentSchemaVersion({ id: 'po', dependencies: { tools: ['clickup'] } })).toBe('1.0');
  });

  it('refuses an unknown agent schema_version with the agent fix', () => {
    const error = thrown(() =>
      detectAgentSchemaVersion({ id: 'po', schema_version: '2.5' }, { file: 'po.yaml' }),
    );
    expect(error.problems[0]?.expected).toBe(
      'schema_version: 2.0 for an agent that declares dependencies.tools, or schema_version: 1.0 / no schema_version line otherwise',
    );
  });
});
