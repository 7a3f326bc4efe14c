/**
 * The runtime through the REAL sandbox pool (child processes with isolated-vm), on the seed's
 * ClickUp example (src/__fixtures__/tools/clickup).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { BaseTool, defineToolMetadata, noProgress, silentLogger, type ToolContext } from '@toolsmith/core';
import { z } from 'zod';
import { KnowledgeTool, type KnowledgeDeps } from '../bridge/knowledge-tool.ts';
import { HelperError } from '../errors/index.ts';
import { ProcessorSchemaError } from '../errors/processor-schema-error.ts';
import { UnknownKnowledgeError } from '../errors/unknown-knowledge-error.ts';
import { loadToolDefinition } from '../loader/index.ts';
import { ToolResolver } from '../resolver/tool-resolver.ts';
import { createSandboxPool } from '../sandbox/index.ts';
import type { SandboxPool } from '../sandbox/sandbox-types.ts';
import type { ToolDefinition } from '../schema/index.ts';
import { ProcessorEngine } from './processor-engine.ts';
import { ToolHelperExecutor } from './tool-helper-executor.ts';
import { describeIssue, ToolValidationHelper } from './tool-validation-helper.ts';

const toolsDir = fileURLToPath(new URL('../__fixtures__/tools/', import.meta.url));
let pool: SandboxPool;
let definition: ToolDefinition;
let executor: ToolHelperExecutor;

beforeAll(async () => {
  pool = createSandboxPool({ size: 2 });
  definition = await loadToolDefinition(`${toolsDir}clickup/clickup.tool.yaml`);
  executor = new ToolHelperExecutor(definition, pool);
});
afterAll(() => pool.close());

describe('ToolHelperExecutor', () => {
  it('runs a helper by id with positional args', async () => {
    expect((await executor.execute('detect-webhook-type', [{ event: 'automation_webhook' }])).value).toBe(
      'automation',
    );
    expect((await executor.execute('detect-webhook-type', { id: 'x', trigger_id: 'y' })).value).toBe(
      'legacy',
    );
  });

  it('runs a file helper and reports helper errors with the helper file', async () => {
    const fields = {
      custom_fields: [{ id: 'f1', value: { location: { lat: 1, lng: 2 }, formatted_address: 'Porto' } }],
    };
    expect((await executor.execute('extract-custom-field', ['f1', 'location', fields])).value).toEqual({
      lat: 1,
      lng: 2,
      address: 'Porto',
    });
    const error = await executor
      .execute('extract-custom-field', ['f1', 'location', null])
      .catch((e: unknown) => e);
    expect(HelperError.isInstance(error)).toBe(true);
    expect((error as HelperError).file).toBe('helpers/extract-custom-field.js');
  });

  it('loads only the modules a call declares (lazy loading)', () => {
    const validator = definition.executableKnowledge.validators.find((v) => v.id === 'validate-create-task')!;
    expect(
      executor.modulesFor({ id: validator.id, code: validator.code!, dependencies: validator.dependencies }),
    ).toEqual(['is-assignee-list', 'validate-create-task']);
    const helper = definition.executableKnowledge.helpers.find((h) => h.id === 'detect-webhook-type')!;
    expect(
      executor.modulesFor({ id: helper.id, code: helper.code, dependencies: helper.dependencies }),
    ).toEqual(['detect-webhook-type']);
  });

  it('names the known helpers for an unknown id', async () => {
    const error = await executor.execute('detect-webhook', []).catch((e: unknown) => e);
    expect(UnknownKnowledgeError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('Did you mean "detect-webhook-type"?');
  });
});

describe('ToolValidationHelper', () => {
  const validation = () => new ToolValidationHelper(definition, executor);

  it('passes valid create and update calls', async () => {
    expect(
      await validation().validate('create_task', { listId: '1', name: 'x', assignees: [183], priority: 2 }),
    ).toEqual({ valid: true, errors: [] });
    expect(
      await validation().validate('update_task', { taskId: 't', assignees: { add: [789], rem: [123] } }),
    ).toEqual({ valid: true, errors: [] });
  });

  it('reports declarative and function failures with the anti-pattern guidance', async () => {
    const result = await validation().validate('create_task', {
      name: '',
      assignees: { add: [456] },
      priority: 9,
    });
    expect(result.valid).toBe(false);
    const byField = (field: string) => result.errors.filter((e) => e.field === field);
    expect(byField('listId')[0]?.message).toBe('listId is required.');
    expect(byField('name')[0]?.message).toBe('name is required.');
    expect(byField('priority')[0]?.message).toBe('priority must be between 1 and 4; got 9.');
    const assignees = byField('assignees');
    expect(assignees.map((e) => e.validator)).toEqual(['validate-create-task', 'validate-create-task']);
    expect(assignees.every((e) => e.antiPattern?.id === 'wrong_assignee_format_in_create')).toBe(true);
    expect(describeIssue(assignees[0]!)).toMatch(
      /\[anti-pattern wrong_assignee_format_in_create: Using update API format in create_task\] Wrong: create_task\(\{[\s\S]*Correct: create_task\(\{[\s\S]*Why: /,
    );
  });

  it('rejects a list where update expects {add, rem}', async () => {
    const result = await validation().validate('update_task', { taskId: 't', assignees: [1] });
    expect(result.errors[0]?.message).toMatch(/takes \{add: \[ids\], rem: \[ids\]\}/);
  });
});

describe('ProcessorEngine', () => {
  const engine = () => new ProcessorEngine(definition, executor);

  it('runs a function processor with checked input and output', async () => {
    expect((await engine().run('normalize-task-name', 'Relatório Mensal — Ação!')).value).toBe(
      'relatorio_mensal_acao',
    );
    const error = await engine()
      .run('normalize-task-name', '')
      .catch((e: unknown) => e);
    expect(ProcessorSchemaError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('The input of processor "normalize-task-name"');
  });

  it('runs a pipeline step by step', async () => {
    const result = await engine().run('webhook-type-of', { event: 'automation_webhook' });
    expect(result.value).toBe('automation');
    expect(result.steps.map((s) => s.id)).toEqual(['detect-webhook-type']);
  });
});

describe('KnowledgeTool (bridge to core)', () => {
  const Params = z.object({
    listId: z.string().optional(),
    name: z.string(),
    assignees: z.unknown().optional(),
  });
  class CreateTaskTool extends KnowledgeTool<KnowledgeDeps, typeof Params> {
    static override readonly METADATA = defineToolMetadata({
      name: 'clickup_create_task',
      description: '[Tasks/Create] Create a task.',
      category: 'tasks',
      annotations: { readOnlyHint: false },
    });
    static override readonly KNOWLEDGE = { toolId: 'clickup', command: 'create_task' };
    executed = 0;
    override getParamsSchema() {
      return Params;
    }
    async execute() {
      this.executed++;
      return { id: 'abc123' };
    }
  }
  const ctx = (resolver: ToolResolver): ToolContext<KnowledgeDeps> => ({
    deps: { knowledge: resolver },
    signal: new AbortController().signal,
    progress: noProgress,
    logger: silentLogger,
    toolName: 'clickup_create_task',
  });

  it('runs the command validators before execute and answers with anti-pattern guidance', async () => {
    const resolver = new ToolResolver({ searchPaths: [toolsDir], pool });
    const tool = new CreateTaskTool();
    const rejected = await tool.run({ name: 'Site visit', assignees: { add: [456] } }, ctx(resolver));
    expect(rejected.isError).toBe(true);
    const text = (rejected.content[0] as { text: string }).text;
    expect(text).toContain('Invalid arguments for tool "clickup_create_task":');
    expect(text).toContain('- listId: listId is required.');
    expect(text).toContain('anti-pattern wrong_assignee_format_in_create');
    expect(tool.executed).toBe(0);

    const ok = await tool.run({ listId: '9', name: 'Site visit', assignees: [456] }, ctx(resolver));
    expect(ok.isError).toBeUndefined();
    expect(tool.executed).toBe(1);
  });

  it('is an ordinary BaseTool for everything else', () => {
    expect(new CreateTaskTool()).toBeInstanceOf(BaseTool);
    expect(new CreateTaskTool().getDefinition().inputSchema.required).toEqual(['name']);
  });
});
