import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { DefinitionLoadError } from '../errors/definition-load-error.ts';
import { loadAgentDefinition, parseAgentDefinition } from './load-agent-definition.ts';

function loadError(run: () => unknown): DefinitionLoadError {
  try {
    run();
  } catch (error) {
    if (DefinitionLoadError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a DefinitionLoadError');
}

describe('parseAgentDefinition', () => {
  it('parses a 2.0 agent with tool ids and detailed tool entries', () => {
    const agent = parseAgentDefinition(
      `agent:
  schema_version: 2.0
  id: po
  name: Pax
  role: Product Owner
  dependencies:
    tasks: [create-story.md]
    tools:
      - clickup
      - { id: github-cli, required: false, commands: [create_pr] }
`,
      { file: 'po.yaml' },
    );
    expect(agent).toEqual({
      schemaVersion: '2.0',
      id: 'po',
      name: 'Pax',
      role: 'Product Owner',
      title: undefined,
      dependencies: {
        tasks: ['create-story.md'],
        templates: [],
        checklists: [],
        data: [],
        tools: [
          { id: 'clickup', required: true, commands: undefined },
          { id: 'github-cli', required: false, commands: ['create_pr'] },
        ],
        extra: {},
      },
      extensions: {},
      origin: { file: 'po.yaml' },
    });
  });

  it('parses a 1.0 agent (no schema_version, no tools) and keeps its other fields', () => {
    const agent = parseAgentDefinition(
      `agent:
  id: sm
  name: Bob
  whenToUse: Story preparation
  dependencies:
    checklists: [story-draft-checklist.md]
    utils: [template-format.md]
`,
      { file: 'sm.yaml' },
    );
    expect(agent.schemaVersion).toBe('1.0');
    expect(agent.dependencies.tools).toEqual([]);
    expect(agent.dependencies.checklists).toEqual(['story-draft-checklist.md']);
    expect(agent.dependencies.extra).toEqual({ utils: ['template-format.md'] });
    expect(agent.extensions).toEqual({ whenToUse: 'Story preparation' });
  });

  it('reads the AIOS layout with dependencies and schema_version beside agent:', () => {
    const agent = parseAgentDefinition(
      `schema_version: 2.0
agent:
  id: dev
  title: Full Stack Developer
persona:
  role: Expert Senior Software Engineer
dependencies:
  tasks: [develop-story.md]
  tools: [github-cli]
`,
      { file: 'dev.md.yaml' },
    );
    expect(agent.schemaVersion).toBe('2.0');
    expect(agent.title).toBe('Full Stack Developer');
    expect(agent.dependencies.tools).toEqual([{ id: 'github-cli', required: true, commands: undefined }]);
    expect(agent.extensions).toEqual({ persona: { role: 'Expert Senior Software Engineer' } });
  });

  it('refuses dependencies.tools in a 1.0 agent and says to add schema_version: 2.0', () => {
    const error = loadError(() =>
      parseAgentDefinition('agent:\n  id: po\n  dependencies:\n    tools: [clickup]\n', { file: 'po.yaml' }),
    );
    expect(error.message).toMatchInlineSnapshot(
      `"po.yaml:4:5 at agent.dependencies.tools: dependencies.tools needs agent schema 2.0, but this agent has no schema_version (or 1.0). Expected schema_version: 2.0 in the agent mapping, next to id."`,
    );
  });

  it('points root-level dependencies errors at the root', () => {
    const error = loadError(() =>
      parseAgentDefinition('agent:\n  id: po\ndependencies:\n  tools: [clickup]\n', { file: 'po.yaml' }),
    );
    expect(error.problems[0]).toMatchObject({ path: 'dependencies.tools', line: 4, column: 3 });
  });

  it('reports bad tool entries, duplicates, unknown fields and fields written twice', () => {
    const error = loadError(() =>
      parseAgentDefinition(
        `agent:
  schema_version: 2.0
  id: po
  dependencies:
    tools:
      - clickup
      - { id: clickup }
      - { id: Bad Id }
      - { id: x, requried: true }
`,
        { file: 'po.yaml' },
      ),
    );
    expect(error.problems.map((p) => [p.path, p.line])).toEqual([
      ['agent.dependencies.tools[2].id', 8],
      ['agent.dependencies.tools[3].requried', 9],
    ]);
    const duplicate = loadError(() =>
      parseAgentDefinition('agent:\n  schema_version: 2\n  id: po\n  dependencies:\n    tools: [a, b, a]\n', {
        file: 'po.yaml',
      }),
    );
    expect(duplicate.problems[0]).toMatchObject({
      path: 'agent.dependencies.tools[2]',
      message: "tool 'a' is listed twice (also at dependencies.tools[0])",
    });
    const twice = loadError(() =>
      parseAgentDefinition('agent:\n  id: po\n  dependencies: {}\ndependencies: {}\n', { file: 'po.yaml' }),
    );
    expect(twice.problems[0]).toMatchObject({ path: 'dependencies', line: 4 });
  });

  it('refuses an unknown agent schema_version', () => {
    const error = loadError(() =>
      parseAgentDefinition('agent:\n  schema_version: 3\n  id: po\n', { file: 'po.yaml' }),
    );
    expect(error.problems[0]).toMatchObject({ path: 'agent.schema_version', line: 2 });
  });
});

describe('loadAgentDefinition', () => {
  it('loads from disk', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ek-agent-'));
    try {
      const file = path.join(dir, 'po.yaml');
      await writeFile(
        file,
        'agent:\n  schema_version: 2.0\n  id: po\n  dependencies:\n    tools: [clickup]\n',
      );
      const agent = await loadAgentDefinition(file);
      expect(agent.origin.file).toBe(file);
      expect(agent.dependencies.tools.map((t) => t.id)).toEqual(['clickup']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
