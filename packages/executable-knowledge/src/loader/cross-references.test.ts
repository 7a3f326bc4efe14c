import { describe, expect, it } from '@jest/globals';
import { DefinitionLoadError } from '../errors/definition-load-error.ts';
import { findDependencyCycles, ReferenceIndex } from './cross-references.ts';
import { parseToolDefinition } from './load-tool-definition.ts';

async function problemsOf(text: string) {
  try {
    await parseToolDefinition(text, { file: 'clickup.tool.yaml' });
  } catch (error) {
    if (DefinitionLoadError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a DefinitionLoadError');
}

const HEAD = `tool:
  schema_version: 2.0
  id: clickup
  type: mcp
  name: ClickUp
  version: 1.0.0
  description: Tasks
`;

/** An inline helper whose code defines and exports the id's camelCase function. */
function helper(id: string, dependencies: string[] = [], indent = '      '): string {
  const name = id.replace(/-([a-z])/g, (_m: string, c: string) => c.toUpperCase());
  return [
    `${indent}- id: ${id}`,
    `${indent}  dependencies: [${dependencies.join(', ')}]`,
    `${indent}  function: |`,
    `${indent}    function ${name}() { return 1; }`,
    `${indent}    module.exports = { ${name} };`,
    '',
  ].join('\n');
}

const VALIDATORS = `    validators:
      - id: validate-create-task
        validates: create_task
        checks: [{ required_fields: [listId, name] }]
      - id: validate-update-task
        validates: update_task
        checks: [{ assignee_format: update_api }]
`;

const COMMANDS = `  commands:
    - name: create_task
    - name: update_task
`;

describe('findDependencyCycles', () => {
  it('returns each cycle once as a closed path', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['d']],
      ['e', ['a']],
    ]);
    expect(findDependencyCycles(graph)).toEqual([
      ['a', 'b', 'c', 'a'],
      ['d', 'd'],
    ]);
  });

  it('finds nothing in a DAG with shared dependencies and ignores unknown ids', () => {
    const graph = new Map([
      ['a', ['b', 'c']],
      ['b', ['c', 'missing']],
      ['c', []],
    ]);
    expect(findDependencyCycles(graph)).toEqual([]);
  });
});

describe('ReferenceIndex', () => {
  const index = new ReferenceIndex();
  index.add('helpers', 'extract-custom-field', ['helpers', 0]);
  index.add('validators', 'validate-create-task', ['validators', 0]);
  index.add('examples', 'create_task.success', ['examples', 'create_task', 0]);
  index.addExampleGroup('create_task', 'create_task.success');

  it('resolves prefixed and bare references to ids', () => {
    expect(index.resolve('validators.validate-create-task', 'validators', [])).toMatchObject({
      ok: true,
      ref: { section: 'validators', id: 'validate-create-task' },
    });
    expect(index.resolve('extract-custom-field', 'helpers', [])).toMatchObject({ ok: true });
  });

  it('resolves example groups and group members', () => {
    expect(index.resolve('examples.create_task', 'examples', [])).toMatchObject({
      ok: true,
      ref: { id: 'create_task' },
    });
    expect(index.resolve('examples.create_task.success', 'examples', [])).toMatchObject({
      ok: true,
      ref: { id: 'create_task.success' },
    });
  });

  it('refuses duplicates across helpers, processors and validators', () => {
    expect(index.add('processors', 'extract-custom-field', ['processors', 0])).toEqual({
      path: ['processors', 0],
      message:
        "id 'extract-custom-field' is already used by the helper at helpers[0]; helpers, processors and validators share one set of ids",
      expected: 'a unique id',
    });
  });
});

describe('cross-references checked at load', () => {
  it('reports an unknown command validator with a did-you-mean and the known validators', async () => {
    const error = await problemsOf(`${HEAD}  executable_knowledge:
${VALIDATORS}  commands:
    - name: create_task
      validation: validators.validate-creat-task
    - name: update_task
`);
    expect(error.message).toMatchInlineSnapshot(
      `"clickup.tool.yaml:18:7 at tool.commands[0].validation: unknown validator 'validate-creat-task'. Did you mean 'validate-create-task'? Expected one of the tool's validators: validate-create-task, validate-update-task."`,
    );
  });

  it('reports a missing helper dependency at the dependency', async () => {
    const error = await problemsOf(`${HEAD}  executable_knowledge:
    helpers:
${helper('extract-custom-field', ['detect-webhook-typ'])}${helper('detect-webhook-type')}`);
    expect(error.problems).toEqual([
      expect.objectContaining({
        path: 'tool.executable_knowledge.helpers[0].dependencies[0]',
        line: 11,
        message: "unknown helper 'detect-webhook-typ'. Did you mean 'detect-webhook-type'?",
        expected: "one of the tool's helpers: extract-custom-field, detect-webhook-type",
      }),
    ]);
  });

  it('shows a dependency cycle as a → b → c → a', async () => {
    const error = await problemsOf(`${HEAD}  executable_knowledge:
    helpers:
${helper('a', ['b'])}${helper('b', ['helpers.c'])}${helper('c', ['a'])}`);
    expect(error.problems).toHaveLength(1);
    expect(error.message).toMatchInlineSnapshot(
      `"clickup.tool.yaml:11:9 at tool.executable_knowledge.helpers[0].dependencies: helper dependencies form a cycle: a → b → c → a. Expected dependencies that never lead back to the helper itself: move the shared code into a helper both can depend on."`,
    );
  });

  it('reports a helper depending on itself', async () => {
    const error = await problemsOf(`${HEAD}  executable_knowledge:\n    helpers:\n${helper('a', ['a'])}`);
    expect(error.problems[0]?.message).toBe('helper dependencies form a cycle: a → a');
  });

  it('reports anti-pattern references that do not resolve', async () => {
    const error = await problemsOf(`${HEAD}  executable_knowledge:
${VALIDATORS}${COMMANDS}  anti_patterns:
    - pattern: wrong_assignee_format
      description: Update format in create
      reference: api_quirks.assignee_format_mismatch
    - pattern: no_section
      description: Bare id
      reference: validate-create-task
    - pattern: bad_section
      description: Unknown section
      reference: quirks.assignee_format_mismatch
    - pattern: bad_detector
      description: Unknown validator
      detect: { validator: validate-creat-task, field: assignees }
`);
    expect(error.problems.map((p) => [p.path, p.message])).toEqual([
      ['tool.anti_patterns[0].reference', "unknown API quirk 'assignee_format_mismatch'."],
      [
        'tool.anti_patterns[1].reference',
        "'validate-create-task' has no section: write which kind of entry it points at, e.g. 'validators.validate-create-task'",
      ],
      ['tool.anti_patterns[2].reference', "'quirks' is not a section name. Did you mean 'api_quirks'?"],
      [
        'tool.anti_patterns[3].detect.validator',
        "unknown validator 'validate-creat-task'. Did you mean 'validate-create-task'?",
      ],
    ]);
    expect(error.problems[0]?.expected).toBe(
      'an API quirk declared under api_complexity.api_quirks (this tool declares none)',
    );
  });

  it('refuses a reference into the wrong section', async () => {
    const error = await problemsOf(`${HEAD}  executable_knowledge:
${VALIDATORS}  commands:
    - name: create_task
      uses_helpers: [validators.validate-create-task]
    - name: update_task
`);
    expect(error.problems[0]).toMatchObject({
      path: 'tool.commands[0].uses_helpers[0]',
      message: "'validators.validate-create-task' points at validators, but this field takes helpers",
      expected: 'a helper reference: helpers.<id> or the bare id',
    });
  });

  it('checks validators → commands, processor steps, and example references', async () => {
    const error = await problemsOf(`${HEAD}  executable_knowledge:
    helpers:
${helper('detect-webhook-type')}    processors:
      - id: pipeline
        steps: [detect-webhook-type, normalize]
    validators:
      - id: validate-create-task
        validates: [create_task, creat_task]
        checks: [{ required_fields: [listId] }]
  commands:
    - name: create_task
      example_refs: [examples.create_task, examples.create_task.failure]
  examples:
    create_task:
      - scenario: success
`);
    expect(error.problems.map((p) => [p.path, p.message])).toEqual([
      ['tool.executable_knowledge.processors[0].steps[1]', "unknown helper 'normalize'."],
      [
        'tool.executable_knowledge.validators[0].validates[1]',
        "unknown command 'creat_task'. Did you mean 'create_task'?",
      ],
      [
        'tool.commands[0].example_refs[1]',
        "unknown example 'create_task.failure'. Did you mean 'create_task'?",
      ],
    ]);
  });

  it('refuses duplicate ids with the first declaration', async () => {
    const error = await problemsOf(`${HEAD}  executable_knowledge:
    helpers:
${helper('a')}${helper('a')}  commands:
    - name: x
    - name: x
`);
    expect(error.problems.map((p) => [p.path, p.message])).toEqual([
      [
        'tool.executable_knowledge.helpers[1].id',
        "duplicate helper id 'a' (already used at tool.executable_knowledge.helpers[0].id)",
      ],
      ['tool.commands[1].name', "duplicate command id 'x' (already used at tool.commands[0].name)"],
    ]);
  });

  it('checks rules between sections', async () => {
    const error = await problemsOf(`${HEAD}  knowledge_strategy: external
  cli_config: { executable: gh }
  commands:
    - name: a
      required_args: [x]
      optional_args: [x, y]
`);
    expect(error.problems.map((p) => [p.path, p.message, p.expected])).toEqual([
      [
        'tool.knowledge_strategy',
        'knowledge_strategy is external, but the tool has no knowledge_base',
        'a knowledge_base section, or the knowledge_strategy that matches the sections present (or omit it to infer it)',
      ],
      [
        'tool.cli_config',
        'cli_config only applies to type: cli, but this tool is type: mcp',
        'mcp_config for a mcp tool, or type: cli',
      ],
      [
        'tool.commands[0].optional_args',
        "argument 'x' of command 'a' is both required and optional",
        'each argument in required_args or optional_args, not both',
      ],
    ]);
  });

  it('checks that meta workflows use orchestrated tools', async () => {
    const text =
      HEAD.replace('type: mcp', 'type: meta') +
      `  meta_config:
    orchestrates: [clickup-core, github-cli]
    workflow:
      - { step: validate, tool: clickup-core, command: get_task }
      - { step: log, tool: supabase, command: insert_row }
`;
    const error = await problemsOf(text);
    expect(error.problems).toEqual([
      expect.objectContaining({
        path: 'tool.meta_config.workflow[1].tool',
        line: 12,
        message: "workflow step 'log' uses tool 'supabase', which meta_config.orchestrates does not list",
      }),
    ]);
  });

  it('requires code in helpers and checks or code in validators', async () => {
    const error = await problemsOf(`${HEAD}  executable_knowledge:
    helpers:
      - id: no-code
      - id: both
        function: "function both() {}"
        file: both.js
    processors:
      - id: none
    validators:
      - id: accepts-everything
`);
    expect(error.problems.map((p) => p.message)).toEqual([
      "helper 'no-code' has no code",
      "helper 'both' has both function: and file:",
      "processor 'none' needs exactly one of function:, file: or steps: (found 0)",
      "validator 'accepts-everything' has neither checks nor code, so it would accept everything",
    ]);
  });

  it('compiles inline code and reports a syntax error at its YAML line', async () => {
    const error = await problemsOf(`${HEAD}  executable_knowledge:
    helpers:
      - id: broken
        function: |
          function broken(args) {
            return args.a +;
          }
          module.exports = { broken };
`);
    expect(error.problems).toHaveLength(1);
    expect(error.message).toMatchInlineSnapshot(`
"clickup.tool.yaml:13 at tool.executable_knowledge.helpers[0].function: JavaScript syntax error in helper 'broken' (clickup.tool.yaml:13): Unexpected token ';'. Expected valid JavaScript (a classic script: use module.exports, not export — or name the file .mjs to write an ES module).
  return args.a +;
                 ^"
`);
  });

  it('reports code that never names its export, and honours export:', async () => {
    const error = await problemsOf(`${HEAD}  executable_knowledge:
    helpers:
      - id: detect-webhook-type
        function: "function detect(p) { return p; } module.exports = { detect };"
`);
    expect(error.problems[0]).toMatchObject({
      message:
        "helper 'detect-webhook-type' never mentions 'detectWebhookType', the function the runtime calls",
      expected:
        "module.exports = { detectWebhookType } in the code, or export: <the function's name> on the helper",
    });
    const tool = await parseToolDefinition(
      `${HEAD}  executable_knowledge:
    helpers:
      - id: detect-webhook-type
        export: detect
        function: "function detect(p) { return p; } module.exports = { detect };"
`,
      { file: 'clickup.tool.yaml' },
    );
    expect(tool.executableKnowledge.helpers[0]?.code.export).toBe('detect');
  });

  it('gives examples unique ids and resolves a whole group for example_ref', async () => {
    const tool = await parseToolDefinition(
      `${HEAD}  commands:
    - name: create_task
      example_ref: create_task
  examples:
    - { scenario: success, command: create_task }
    - { scenario: success, command: create_task }
    - { id: explicit-one, scenario: failure_bad_list }
    - { description: no scenario }
`,
      { file: 'clickup.tool.yaml' },
    );
    expect(tool.examples.map((e) => [e.id, e.group, e.kind])).toEqual([
      ['create_task.success', 'create_task', 'success'],
      ['create_task.success-2', 'create_task', 'success'],
      ['explicit-one', undefined, 'failure'],
      ['example-3', undefined, undefined],
    ]);
    expect(tool.commands[0]?.exampleRefs).toEqual(['create_task.success', 'create_task.success-2']);
  });
});

describe('call context (executable_knowledge.context, commands[].context)', () => {
  const CONTEXT = `  executable_knowledge:
    context:
      - id: list
        description: 'GET /list/{list_id}: { id, statuses: [{ status, type }] }'
      - id: fields
        description: 'GET /list/{list_id}/field: [{ id, name, type, type_config }]'
`;

  it('resolves the context a command asks for, bare or as context.<id>', async () => {
    const tool = await parseToolDefinition(
      `${HEAD}${CONTEXT}  commands:\n    - name: create_task\n      context: [list, context.fields]\n`,
      { file: 'clickup.tool.yaml' },
    );
    expect(tool.executableKnowledge.context).toEqual([
      { id: 'list', description: 'GET /list/{list_id}: { id, statuses: [{ status, type }] }' },
      { id: 'fields', description: 'GET /list/{list_id}/field: [{ id, name, type, type_config }]' },
    ]);
    expect(tool.commands[0]?.context).toEqual(['list', 'fields']);
  });

  it('refuses an unknown context id with a did-you-mean and the ids declared', async () => {
    const error = await problemsOf(
      `${HEAD}${CONTEXT}  commands:\n    - name: create_task\n      context: [list, feilds]\n`,
    );
    expect(error.message).toContain(
      "at tool.commands[0].context[1]: unknown context entry 'feilds'. Did you mean 'fields'? Expected one of the tool's context entries: list, fields",
    );
  });

  it('says where to declare context when the tool declares none', async () => {
    const error = await problemsOf(`${HEAD}  commands:\n    - name: create_task\n      context: [list]\n`);
    expect(error.message).toContain(
      "unknown context entry 'list'. Expected a context entry declared under executable_knowledge.context (this tool declares none)",
    );
  });
});
