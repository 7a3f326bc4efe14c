import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import {
  AddBookTool,
  BuggyTool,
  createFixtureDeps,
  FailingApiTool,
  GetBookTool,
  ListBooksTool,
  SlowCountTool,
  type FixtureDeps,
} from '../__fixtures__/fixture-tools.ts';
import { ToolDefinitionError } from '../errors/tool-definition-error.ts';
import { ValidationError } from '../errors/validation-error.ts';
import { createStreamLogger, silentLogger } from '../logging/logger.ts';
import { BaseTool } from './base-tool.ts';
import { createProgressReporter, noProgress, type ProgressUpdate, type ToolContext } from './tool-context.ts';
import { defineToolMetadata } from './tool-metadata.ts';

function ctx(overrides: Partial<ToolContext<FixtureDeps>> = {}): ToolContext<FixtureDeps> {
  return {
    deps: createFixtureDeps(),
    signal: new AbortController().signal,
    progress: noProgress,
    logger: silentLogger,
    toolName: 'test',
    ...overrides,
  };
}

const text = (result: { content: { type: string; text?: string }[] }) =>
  result.content.map((c) => c.text ?? '').join('\n');

describe('BaseTool.getDefinition', () => {
  it('is generated from the params schema, with metadata, annotations and consent warning', () => {
    const definition = new AddBookTool().getDefinition();
    expect(definition.name).toBe('add_book');
    expect(definition.inputSchema.required?.sort()).toEqual(['author', 'title', 'year']);
    expect(Object.keys(definition.inputSchema.properties).sort()).toEqual([
      'author',
      'tags',
      'title',
      'year',
    ]);
    expect(definition.description).toContain('[Books/Write] Add a book.');
    expect(definition.description).toContain('Requires explicit user consent');
    expect(definition.annotations).toEqual({ readOnlyHint: false, destructiveHint: true });
  });

  it('snapshots the generated definition of a read tool', () => {
    expect(new GetBookTool().getDefinition()).toMatchSnapshot();
  });

  it('is computed once', () => {
    const tool = new ListBooksTool();
    expect(tool.getDefinition()).toBe(tool.getDefinition());
  });

  const QueueParams = z.object({ queueId: z.string().min(1), fields: z.array(z.string()).min(1) });
  const metadata = defineToolMetadata({
    name: 'get_queue_fields',
    description: '[Queues/Read] Fields of a queue.',
    category: 'queues',
    annotations: { readOnlyHint: true },
  });

  it('rejects a hand-written definition that forgot a schema field (the seed 002 bug)', () => {
    class LegacyTool extends BaseTool<unknown, typeof QueueParams> {
      static override readonly METADATA = metadata;
      override getParamsSchema() {
        return QueueParams;
      }
      protected override buildDefinition() {
        return {
          type: 'object' as const,
          properties: { queueId: { type: 'string', minLength: 1 } },
          required: ['queueId'],
        };
      }
      async execute() {
        return 'ok';
      }
    }
    const error = (() => {
      try {
        new LegacyTool().getDefinition();
      } catch (e) {
        return e;
      }
    })();
    expect(ToolDefinitionError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('get_queue_fields');
    expect((error as Error).message).toContain('missing_property');
    expect((error as Error).message).toContain('fields');
  });

  it('accepts a hand-written definition that matches the schema', () => {
    class LegacyTool extends BaseTool<unknown, typeof QueueParams> {
      static override readonly METADATA = metadata;
      override getParamsSchema() {
        return QueueParams;
      }
      protected override buildDefinition() {
        return {
          inputSchema: {
            type: 'object' as const,
            properties: {
              queueId: { type: 'string', minLength: 1, description: 'Queue key' },
              fields: { type: 'array', items: { type: 'string' }, minItems: 1 },
            },
            required: ['queueId', 'fields'],
          },
        };
      }
      async execute() {
        return 'ok';
      }
    }
    expect(new LegacyTool().getDefinition().inputSchema.properties.queueId).toMatchObject({
      description: 'Queue key',
    });
  });

  it('requires static METADATA', () => {
    class NoMetadata extends BaseTool<unknown, typeof QueueParams> {
      override getParamsSchema() {
        return QueueParams;
      }
      async execute() {
        return 'ok';
      }
    }
    expect(() => new NoMetadata().getDefinition()).toThrow(/no static METADATA/);
  });
});

describe('BaseTool.run', () => {
  it('validates, executes and serialises data as compact JSON', async () => {
    const result = await new GetBookTool().run({ id: 'b1' }, ctx());
    expect(result.isError).toBeUndefined();
    expect(JSON.parse(text(result))).toMatchObject({ id: 'b1', title: 'Book 1' });
  });

  it('answers invalid arguments with isError and one line per bad field', async () => {
    const result = await new ListBooksTool().run({ order: 'rating', limit: 0, fields: [] }, ctx());
    expect(result.isError).toBe(true);
    const message = text(result);
    expect(message).toContain('Invalid arguments for tool "list_books"');
    expect(message).toMatch(/- order: .*Valid options: "title", "year"/);
    expect(message).toMatch(/- limit: /);
    expect(message).toMatch(/- fields: /);
  });

  it('rejects a misspelt field with a did-you-mean instead of dropping it', async () => {
    const result = await new GetBookTool().run({ ID: 'b1' }, ctx());
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/- ID: Unknown field\. Did you mean "id"\?/);
    expect(text(result)).toMatch(/- id: Required field is missing/);
  });

  it('treats missing arguments as an empty object', async () => {
    const result = await new ListBooksTool().run(undefined, ctx());
    expect(JSON.parse(text(result)).total).toBe(3);
  });

  it('projects `fields`, mapping through arrays and the projection root', async () => {
    const result = await new ListBooksTool().run({ fields: ['id', 'author.name'] }, ctx());
    expect(JSON.parse(text(result))).toEqual({
      total: 3,
      items: [
        { id: 'b1', author: { name: 'Author 1' } },
        { id: 'b2', author: { name: 'Author 2' } },
        { id: 'b3', author: { name: 'Author 3' } },
      ],
    });
  });

  it('says which requested fields do not exist and lists the available ones', async () => {
    const result = await new GetBookTool().run({ id: 'b1', fields: ['title', 'isbn'] }, ctx());
    const [json, note] = text(result).split('\n\n');
    expect(JSON.parse(json!)).toEqual({ title: 'Book 1' });
    expect(note).toMatch(/no data for fields "isbn"\. Available fields: id, title, author, author\.name/);
  });

  it('cuts output at the budget on item boundaries and says how to get the rest', async () => {
    const deps = createFixtureDeps(300);
    const result = await new ListBooksTool().run({ limit: 300 }, ctx({ deps }), { maxOutputChars: 4000 });
    const output = text(result);
    expect(output.length).toBeLessThanOrEqual(4000);
    const [json, notice] = output.split('\n\n');
    const parsed = JSON.parse(json!);
    expect(parsed.total).toBe(300);
    expect(parsed.items.length).toBeGreaterThan(5);
    expect(parsed.items.length).toBeLessThan(300);
    expect(notice).toContain(`showing ${parsed.items.length} of 300 items`);
    expect(notice).toContain('request fewer `fields`');
    expect(notice).toContain('`limit`/`cursor`');
  });

  it('turns a thrown ApiError into an isError recovery message with the request id', async () => {
    const result = await new FailingApiTool().run({}, ctx());
    expect(result).toEqual({
      isError: true,
      content: [
        {
          type: 'text',
          text: 'The API rejected the status "Done". Valid statuses: open, inProgress, closed. (request id: req-42)',
        },
      ],
    });
  });

  it('turns NotFoundError into a did-you-mean message', async () => {
    const result = await new GetBookTool().run({ id: 'b9' }, ctx());
    expect(result.isError).toBe(true);
    expect(text(result)).toBe('Book "b9" does not exist. Did you mean: b1, b2, b3?');
  });

  it('re-throws programmer errors after logging them with the stack', async () => {
    const lines: string[] = [];
    const logger = createStreamLogger({ write: (line) => lines.push(line) });
    await expect(new BuggyTool().run({}, ctx({ logger }))).rejects.toBeInstanceOf(TypeError);
    const record = JSON.parse(lines.at(-1)!);
    expect(record).toMatchObject({
      level: 'error',
      tool: 'buggy',
      msg: 'tool call crashed (programmer error)',
    });
    expect(record.error.stack).toContain('TypeError');
  });

  it('reports progress and stops on cancellation with a cancelled result', async () => {
    const updates: ProgressUpdate[] = [];
    const controller = new AbortController();
    const tool = new SlowCountTool();
    const progress = createProgressReporter(async (u) => {
      updates.push(u);
      if (u.progress === 3) controller.abort('user pressed stop');
    });
    const result = await tool.run({ steps: 50, stepMs: 5 }, ctx({ signal: controller.signal, progress }));
    expect(result.isError).toBe(true);
    expect(text(result)).toBe('Tool "slow_count" was cancelled.');
    expect(updates.map((u) => u.progress)).toEqual([1, 2, 3]);
    expect(tool.stepsRun).toBe(3);
  });

  it('enforces a wall-clock timeout even when execute ignores the signal', async () => {
    class Stuck extends BaseTool<FixtureDeps, ReturnType<typeof z.object>> {
      static override readonly METADATA = defineToolMetadata({
        name: 'stuck',
        description: '[T/T] never ends',
        category: 't',
        annotations: { readOnlyHint: true },
      });
      override getParamsSchema() {
        return z.object({});
      }
      execute() {
        return new Promise<never>(() => {});
      }
    }
    const started = Date.now();
    const result = await new Stuck().run({}, ctx(), { timeoutMs: 50 });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(result.isError).toBe(true);
    expect(text(result)).toBe('Tool "stuck" timed out after 50 ms. Try again, or narrow the request.');
  });

  it('returns structuredContent validated against the output schema, and never on errors', async () => {
    const Out = z.object({ sum: z.number() });
    const In = z.object({ a: z.number(), b: z.number() });
    class Add extends BaseTool<unknown, typeof In, z.output<typeof Out>> {
      static override readonly METADATA = defineToolMetadata({
        name: 'add',
        description: '[Math/Compute] Adds.',
        category: 'math',
        annotations: { readOnlyHint: true },
      });
      override getParamsSchema() {
        return In;
      }
      override getOutputSchema() {
        return Out;
      }
      async execute({ a, b }: z.output<typeof In>) {
        return { sum: a + b };
      }
    }
    const tool = new Add();
    expect(tool.getDefinition().outputSchema).toMatchObject({
      type: 'object',
      properties: { sum: { type: 'number' } },
    });
    expect(await tool.run({ a: 1, b: 2 }, ctx())).toEqual({
      content: [{ type: 'text', text: '{"sum":3}' }],
      structuredContent: { sum: 3 },
    });
    const failed = await tool.run({ a: 'x' }, ctx());
    expect(failed.isError).toBe(true);
    expect(failed.structuredContent).toBeUndefined();
  });

  it('runs beforeExecute after validation and answers its ValidationError without executing', async () => {
    const Params = z.object({ assignees: z.unknown() });
    let executed = 0;
    class Guarded extends BaseTool<unknown, typeof Params> {
      static override readonly METADATA = defineToolMetadata({
        name: 'guarded',
        description: '[Tasks/Create] Guarded.',
        category: 'tasks',
        annotations: { readOnlyHint: true },
      });
      override getParamsSchema() {
        return Params;
      }
      protected override beforeExecute({ assignees }: z.output<typeof Params>) {
        if (!Array.isArray(assignees)) {
          throw new ValidationError({
            toolName: 'guarded',
            issues: [{ field: 'assignees', message: 'create expects an array of user ids, e.g. [183].' }],
          });
        }
      }
      async execute() {
        executed++;
        return 'created';
      }
    }
    const rejected = await new Guarded().run({ assignees: { add: [1] } }, ctx());
    expect(rejected.isError).toBe(true);
    expect(text(rejected)).toContain('- assignees: create expects an array of user ids, e.g. [183].');
    expect(executed).toBe(0);
    expect(text(await new Guarded().run({ assignees: [1] }, ctx()))).toBe('created');
    expect(executed).toBe(1);
  });

  it('treats output that breaks the output schema as a programmer error', async () => {
    const Out = z.object({ sum: z.number() });
    class Wrong extends BaseTool<unknown, ReturnType<typeof z.object>, unknown> {
      static override readonly METADATA = defineToolMetadata({
        name: 'wrong',
        description: '[Math/Compute] Wrong.',
        category: 'math',
        annotations: { readOnlyHint: true },
      });
      override getParamsSchema() {
        return z.object({});
      }
      override getOutputSchema() {
        return Out;
      }
      async execute() {
        return { sum: 'three' };
      }
    }
    await expect(new Wrong().run({}, ctx())).rejects.toThrow(/does not match getOutputSchema/);
  });
});
