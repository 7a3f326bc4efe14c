import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { DefinitionLoadError } from '../errors/definition-load-error.ts';
import { loadToolDefinition, parseToolDefinition } from './load-tool-definition.ts';

const fixtures = path.join(import.meta.dirname, '..', '__fixtures__', 'tools');

async function loadError(run: () => Promise<unknown>): Promise<DefinitionLoadError> {
  try {
    await run();
  } catch (error) {
    if (DefinitionLoadError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a DefinitionLoadError');
}

const V2_HEAD = `tool:
  schema_version: 2.0
  id: clickup
  type: mcp
  name: ClickUp
  version: 1.0.0
  description: Tasks
`;

describe('loadToolDefinition: schema 1.0 files load unchanged', () => {
  it('loads the minimal seed v1 tool (no schema_version, no name or version)', async () => {
    const tool = await loadToolDefinition(path.join(fixtures, 'v1', 'exa.yaml'));
    expect(tool).toMatchObject({
      schemaVersion: '1.0',
      id: 'exa',
      type: 'mcp',
      name: 'exa',
      version: undefined,
      description: '',
      knowledgeStrategy: 'embedded',
      knowledge: [{ topic: 'usage', content: 'Use mcp__exa__web_search_exa for web search' }],
      executableKnowledge: { helpers: [], processors: [], validators: [] },
      antiPatterns: [],
    });
    expect(tool.commands).toEqual([
      expect.objectContaining({
        name: 'web_search',
        mcpTool: 'mcp__exa__web_search_exa',
        requiredArgs: ['query'],
        optionalArgs: ['numResults'],
        validation: [],
      }),
    ]);
  });

  it('loads the brownfield v1 shape: external knowledge, v1 health check, setup, changelog', async () => {
    const tool = await loadToolDefinition(path.join(fixtures, 'v1', 'clickup-brownfield.yaml'));
    expect(tool.schemaVersion).toBe('1.0');
    expect(tool.version).toBe('1.0.0');
    expect(tool.knowledgeStrategy).toBe('external');
    expect(tool.knowledgeBase).toEqual({
      source: 'supabase_hybrid_search',
      collection: 'tools_knowledge',
      topics: ['clickup_custom_fields', 'clickup_task_workflows'],
      searchConfig: undefined,
      extra: {},
    });
    expect(tool.healthCheck).toMatchObject({
      command: 'mcp__clickup__get_workspace_hierarchy',
      timeoutMs: 5000,
      required: true,
      onFailure: { action: 'fail', message: undefined },
    });
    expect(tool.commands[0]?.example).toContain('"listId": "123456789"');
    expect(tool.dependencies).toEqual({
      mcpServer: 'clickup',
      envVars: ['CLICKUP_API_TOKEN'],
      otherTools: [],
      extra: {},
    });
    expect(tool.setup?.verification).toEqual(['Check CLICKUP_API_TOKEN is set']);
    expect(tool.changelog).toEqual([
      { version: '1.0.0', date: '2025-10-07', changes: ['Initial tool definition'] },
    ]);
  });

  it('keeps unknown v1 sections as extensions and accepts knowledge as a topic mapping', async () => {
    const tool = await loadToolDefinition(path.join(fixtures, 'v1', 'github-cli.yaml'));
    expect(tool.version).toBe('2');
    expect(tool.knowledge).toEqual([
      { topic: 'quick_start', content: 'gh pr create --title "…" --body "…"\n' },
      { topic: 'common_patterns', content: 'gh pr list --state open\ngh issue view 123' },
    ]);
    expect(tool.extensions).toEqual({
      cli: { binary: 'gh', subcommands: ['pr', 'issue', 'release'] },
      requirements: { api_key: 'GITHUB_TOKEN', env_vars: ['GITHUB_TOKEN'], installation: 'brew install gh' },
    });
    expect(tool.healthCheck?.onFailure).toEqual({ action: 'warn', message: undefined });
    expect(tool.examples).toEqual([
      expect.objectContaining({
        id: 'create-pr',
        name: 'create-pr',
        file: 'examples/create-pr.md',
        kind: undefined,
      }),
    ]);
  });

  it('loads the seed meta tool with its extra health check fields kept', async () => {
    const tool = await loadToolDefinition(path.join(fixtures, 'v1', 'hybrid-search.yaml'));
    expect(tool.type).toBe('meta');
    expect(tool.healthCheck).toMatchObject({
      command: 'mcp__supabase__execute_sql',
      extra: { query: 'SELECT 1' },
    });
    expect(Object.keys(tool.extensions)).toEqual(['supabase']);
  });

  it('accepts the oldest draft: bare mapping, string commands and examples, text knowledge_base', async () => {
    const tool = await loadToolDefinition(path.join(fixtures, 'v1', 'legacy-strings.yaml'));
    expect(tool.commands.map((c) => c.name)).toEqual(['create-task', 'update-task']);
    expect(tool.knowledge).toEqual([{ topic: 'overview', content: 'texto explicativo' }]);
    expect(tool.knowledgeStrategy).toBe('embedded');
    expect(tool.examples.map((e) => e.file)).toEqual(['example-create.md']);
    expect(tool.extensions).toEqual({ scripts: ['setup.sh'] });
  });
});

describe('loadToolDefinition: the full 2.0 ClickUp example', () => {
  const file = path.join(fixtures, 'clickup', 'clickup.tool.yaml');

  it('normalises every section', async () => {
    const tool = await loadToolDefinition(file);
    expect(tool).toMatchObject({
      schemaVersion: '2.0',
      id: 'clickup',
      version: '2.0.0',
      knowledgeStrategy: 'hybrid',
      typeConfig: { type: 'mcp', serverName: 'clickup', transport: 'stdio', connectionTimeoutMs: 10000 },
      metadata: { author: 'AIOS-FULLSTACK Team', documentation: 'https://clickup.com/api' },
      origin: { file, baseDir: path.dirname(file) },
    });
    const { helpers, processors, validators } = tool.executableKnowledge;
    expect(helpers.map((h) => h.id)).toEqual([
      'detect-webhook-type',
      'extract-custom-field',
      'is-assignee-list',
    ]);
    expect(processors.map((p) => [p.id, p.kind])).toEqual([
      ['normalize-task-name', 'function'],
      ['webhook-type-of', 'pipeline'],
    ]);
    expect(processors[1]).toMatchObject({ kind: 'pipeline', steps: ['detect-webhook-type'] });
    expect(processors[0]?.inputSchema).toEqual({ type: 'string', minLength: 1 });
    expect(validators[0]).toMatchObject({
      id: 'validate-create-task',
      validates: ['create_task'],
      dependencies: ['is-assignee-list'],
      checks: [
        { kind: 'required_fields', fields: ['listId', 'name'] },
        { kind: 'assignee_format', format: 'create_api' },
        { kind: 'number_range', ranges: { priority: { min: 1, max: 4 } } },
      ],
    });
    expect(validators[1]).toMatchObject({ id: 'validate-update-task', code: undefined });
  });

  it('maps inline code to its YAML line and reads file: code with a folder-relative filename', async () => {
    const tool = await loadToolDefinition(file);
    const [inline, fromFile] = tool.executableKnowledge.helpers;
    expect(inline?.code).toMatchObject({
      origin: 'inline',
      filename: 'clickup.tool.yaml',
      export: 'detectWebhookType',
    });
    // Line 1 of the source is YAML line lineOffset + 1.
    const yamlLines = (await import('node:fs')).readFileSync(file, 'utf8').split('\n');
    expect(yamlLines[inline?.code.lineOffset ?? -1]?.trim()).toBe('function detectWebhookType($json) {');
    expect(fromFile?.code).toMatchObject({
      origin: 'file',
      filename: 'helpers/extract-custom-field.js',
      lineOffset: 0,
      export: 'extractCustomField',
    });
    expect(fromFile?.code.source).toContain('module.exports = { extractCustomField };');
  });

  it('resolves command references and merges validators declared with validates', async () => {
    const tool = await loadToolDefinition(file);
    const [create, update] = tool.commands;
    expect(create).toMatchObject({
      name: 'create_task',
      usesHelpers: ['extract-custom-field'],
      validation: ['validate-create-task'],
      exampleRefs: [
        'create_task.success',
        'create_task.failure_invalid_list',
        'create_task.edge_case_assignee_format',
        'create_task.success_with_custom_fields',
      ],
    });
    expect(update).toMatchObject({
      validation: ['validate-update-task'],
      exampleRefs: ['update_task.anti_pattern'],
    });
  });

  it('types examples by scenario and keeps extra keys', async () => {
    const tool = await loadToolDefinition(file);
    expect(tool.examples.map((e) => [e.id, e.kind])).toEqual([
      ['create_task.success', 'success'],
      ['create_task.failure_invalid_list', 'failure'],
      ['create_task.edge_case_assignee_format', 'edge_case'],
      ['create_task.success_with_custom_fields', 'success'],
      ['update_task.anti_pattern', 'anti_pattern'],
    ]);
    expect(tool.examples[1]?.error).toEqual({
      code: 'LIST_NOT_FOUND',
      message: "List with id 'invalid' not found",
      http_status: 404,
    });
    expect(tool.examples[2]?.extra).toEqual({
      create_call: { assignees: [123, 456] },
      update_call: { assignees: { add: [789], rem: [123] } },
    });
  });

  it('resolves anti-pattern references and detectors', async () => {
    const tool = await loadToolDefinition(file);
    expect(tool.antiPatterns[0]).toMatchObject({
      pattern: 'wrong_assignee_format_in_create',
      why: 'API returns 400: Invalid assignees format',
      reference: { section: 'api_quirks', id: 'assignee_format_mismatch' },
      detect: { kind: 'match', command: 'create_task', field: 'assignees', when: 'is_object' },
    });
    expect(tool.antiPatterns[1]?.detect).toEqual({
      kind: 'validator',
      validator: 'validate-create-task',
      field: undefined,
    });
    expect(tool.apiComplexity?.apiQuirks[0]?.extra).toHaveProperty('create_format');
    expect(tool.healthCheck).toMatchObject({
      toolCall: { name: 'mcp__clickup__get_workspace_hierarchy', args: {}, timeoutMs: 5000 },
      timeoutMs: 5000,
      onFailure: { action: 'warn', message: 'ClickUp MCP not available. Check CLICKUP_API_TOKEN.' },
    });
  });
});

describe('parseToolDefinition: document shape', () => {
  it('accepts a bare top-level mapping as well as tool:', async () => {
    const bare = await parseToolDefinition('id: x\ntype: cli\n', { file: 'x.yaml' });
    const wrapped = await parseToolDefinition('tool:\n  id: x\n  type: cli\n', { file: 'x.yaml' });
    expect(bare).toEqual(wrapped);
  });

  it('refuses keys next to tool: and says to move them under it', async () => {
    const error = await loadError(() =>
      parseToolDefinition('schema_version: 2.0\ntool:\n  id: x\n  type: cli\n', { file: 'x.yaml' }),
    );
    expect(error.message).toMatchInlineSnapshot(
      `"x.yaml:1:1 at schema_version: 'schema_version' sits at the top level, next to tool:. Expected everything inside tool: (indent schema_version under it)."`,
    );
  });

  it('refuses a document that is not a mapping', async () => {
    const error = await loadError(() => parseToolDefinition('- a\n- b\n', { file: 'x.yaml' }));
    expect(error.problems[0]).toMatchObject({ path: '', line: 1, message: 'the document is a list' });
  });

  it('stops at an unknown schema_version with how to fix it', async () => {
    const error = await loadError(() =>
      parseToolDefinition('tool:\n  schema_version: "v2"\n  id: x\n  type: cli\n', { file: 'x.yaml' }),
    );
    expect(error.problems).toHaveLength(1);
    expect(error.message).toMatchInlineSnapshot(
      `"x.yaml:2:3 at tool.schema_version: unknown schema_version 'v2'. This loader supports 1.0 and 2.0. Expected schema_version: 2.0 (helpers, validators, processors, anti-patterns, scenario examples), or schema_version: 1.0 / no schema_version line for a documentation-only tool."`,
    );
  });

  it('reports a missing file as a DefinitionLoadError naming it', async () => {
    const error = await loadError(() => loadToolDefinition(path.join(fixtures, 'nope.yaml')));
    expect(error.file).toBe(path.join(fixtures, 'nope.yaml'));
    expect(error.message).toContain('the file does not exist');
  });
});

describe('parseToolDefinition: field errors name the YAML path and line', () => {
  it('lists every wrong type, missing field and unknown field of a 2.0 file at once', async () => {
    const text = `tool:
  schema_version: 2.0
  id: Click Up
  type: mpc
  name: 42
  version: 1.0
  commands:
    name: x
  tags: [a, 1]
  executable_knowledge:
    helpers:
      - id: a
        function: "function a() {}"
        dependecies: [b]
`;
    const error = await loadError(() => parseToolDefinition(text, { file: 'clickup.tool.yaml' }));
    expect(error.problems.map((p) => [p.path, p.line, p.column])).toEqual([
      ['tool.description', 1, 1],
      ['tool.id', 3, 3],
      ['tool.type', 4, 3],
      ['tool.name', 5, 3],
      ['tool.version', 6, 3],
      ['tool.commands', 7, 3],
      ['tool.tags[1]', 9, 13],
      ['tool.executable_knowledge.helpers[0].dependecies', 14, 9],
    ]);
    expect(error.message).toMatchInlineSnapshot(`
     "clickup.tool.yaml has 8 problems:
     - clickup.tool.yaml:1:1 at tool.description: required field 'description' is missing. Expected a string.
     - clickup.tool.yaml:3:3 at tool.id: 'Click Up' is not a valid id. Expected a lowercase id like create-task: letters and digits joined by single - or _.
     - clickup.tool.yaml:4:3 at tool.type: 'mpc' is not a valid type. Did you mean 'mcp'? Expected one of: mcp, cli, local, meta, api.
     - clickup.tool.yaml:5:3 at tool.name: found a whole number (42). Expected a string.
     - clickup.tool.yaml:6:3 at tool.version: found a whole number (1). Expected a semantic version like 1.0.0 (YAML reads 1.0 as a number: write 1.0.0).
     - clickup.tool.yaml:7:3 at tool.commands: found a mapping. Expected a list.
     - clickup.tool.yaml:9:13 at tool.tags[1]: found a whole number (1). Expected a string.
     - clickup.tool.yaml:14:9 at tool.executable_knowledge.helpers[0].dependecies: unknown field 'dependecies'. Did you mean 'dependencies'? Expected one of the fields id, description, language, runtime, dependencies, function, file, export (or an x- extension field)."
    `);
    expect(error).toMatchObject({
      file: 'clickup.tool.yaml',
      line: 1,
      column: 1,
      yamlPath: 'tool.description',
    });
    expect(error.userFacing).toBe(false);
    expect(error.code).toBe('definition_invalid');
  });

  it('type-checks the known fields of a 1.0 file, with path and line', async () => {
    const text = `tool:
  id: exa
  type: mcp
  tags: search
  knowledge:
    - topic: usage
  commands:
    - description: no name
`;
    const error = await loadError(() => parseToolDefinition(text, { file: 'exa.yaml' }));
    expect(error.problems.map((p) => [p.path, p.line, p.message, p.expected])).toEqual([
      ['tool.tags', 4, "found a string ('search')", 'a list'],
      ['tool.knowledge[0].content', 6, "required field 'content' is missing", 'a string'],
      ['tool.commands[0].name', 8, "required field 'name' is missing", 'a string'],
    ]);
  });

  it('reports a bad item inside a list-or-string field at the item', async () => {
    const text = `${V2_HEAD}  commands:
    - name: create_task
      validation: [validators.a, 7]
`;
    const error = await loadError(() => parseToolDefinition(text, { file: 't.yaml' }));
    expect(error.problems).toEqual([
      expect.objectContaining({
        path: 'tool.commands[0].validation[1]',
        line: 10,
        message: 'found a whole number (7)',
        expected: 'a string',
      }),
    ]);
  });

  it('allows x- extension fields in 2.0 and keeps them', async () => {
    const tool = await parseToolDefinition(
      `${V2_HEAD}  x-owner: team-a\n  commands:\n    - name: a\n      x-cost: 3\n`,
      { file: 't.yaml' },
    );
    expect(tool.extensions).toEqual({ 'x-owner': 'team-a' });
    expect(tool.commands[0]?.extensions).toEqual({ 'x-cost': 3 });
  });

  it('refuses 2.0 features in a file that declares schema_version: 1.0', async () => {
    const text = `tool:
  schema_version: 1.0
  id: x
  type: mcp
  anti_patterns: []
  commands:
    - name: a
      validation: validators.v
`;
    const error = await loadError(() => parseToolDefinition(text, { file: 'x.yaml' }));
    expect(error.problems.map((p) => [p.path, p.line])).toEqual([
      ['tool.anti_patterns', 5],
      ['tool.commands[0].validation', 8],
    ]);
    expect(error.problems[0]?.message).toBe(
      'anti_patterns is a schema 2.0 feature, but this file declares schema_version: 1.0, so it would be ignored',
    );
    expect(error.problems[0]?.expected).toBe(
      'schema_version: 2.0 (or remove the schema_version line to auto-detect)',
    );
  });

  it('auto-detects 2.0 from its features and then applies the 2.0 rules', async () => {
    const error = await loadError(() =>
      parseToolDefinition('tool:\n  id: x\n  type: mcp\n  anti_patterns: []\n', { file: 'x.yaml' }),
    );
    // All three sit at the tool: line; same-line problems are ordered by path.
    expect(error.problems.map((p) => [p.path, p.line])).toEqual([
      ['tool.description', 1],
      ['tool.name', 1],
      ['tool.version', 1],
    ]);
  });
});
