import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { noProgress, silentLogger, type AnyTool, type ToolContext } from '@toolsmith/core';
import { createMcpServer } from '@toolsmith/core/mcp';
import { connectInMemory, resultText } from '@toolsmith/testing';
import { createCodingToolkit } from '../create-coding-tools.ts';
import { tinyPdf, tinyPng } from './__fixtures__/binary-files.ts';
import { CodingSession, type CodingSessionOptions, type CodingToolsDeps } from '../session/coding-session.ts';
import type { CodingToolEvent } from '../session/events.ts';
import { AskUserTool, NO_USER_ANSWER } from './ask-user.ts';
import { BatchTool } from './batch.ts';
import { TodoReadTool, TodoWriteTool } from './todo.ts';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'interaction-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function setup(
  options: Partial<CodingSessionOptions> = {},
  extra: Partial<ToolContext<CodingToolsDeps>> = {},
) {
  const session = new CodingSession({ root, ...options });
  const events: CodingToolEvent[] = [];
  session.onEvent((e) => events.push(e));
  const ctx: ToolContext<CodingToolsDeps> = {
    deps: { session },
    signal: new AbortController().signal,
    progress: noProgress,
    logger: silentLogger,
    toolName: 'test',
    ...extra,
  };
  return { session, events, ctx };
}

const text = (result: { content: { type: string; text?: string }[] }) =>
  result.content.map((c) => c.text ?? '').join('\n');

describe('AskUser', () => {
  it('emits ask_user and returns the handler answer', async () => {
    const asked: string[] = [];
    const { events, ctx } = setup({ askUser: async (q) => (asked.push(q.question), 'Use PostgreSQL') });
    const result = await new AskUserTool().run(
      { question: 'Which database?', options: ['PostgreSQL', 'SQLite'] },
      ctx,
    );
    expect(text(result)).toBe('The user answered: Use PostgreSQL');
    expect(asked).toEqual(['Which database?']);
    expect(events).toEqual([
      { type: 'ask_user', question: 'Which database?', options: ['PostgreSQL', 'SQLite'] },
    ]);
  });

  it('offers MCP elicitation a pick list and a free-text answer, so the user is not held to the options', async () => {
    const server = createMcpServer({
      name: 'ask-user-test',
      version: '1.0.0',
      registry: createCodingToolkit({ root }).registry,
      deps: { session: new CodingSession({ root }) },
      logger: silentLogger,
    });
    await using connection = await connectInMemory(server, {
      capabilities: { elicitation: { form: {} } },
    });
    const forms: unknown[] = [];
    let reply: Record<string, string> = {};
    connection.client.setRequestHandler('elicitation/create', async (request) => {
      forms.push(request.params);
      return { action: 'accept', content: reply };
    });
    const ask = async (args: Record<string, unknown>) =>
      resultText(await connection.client.callTool({ name: 'AskUser', arguments: args }));
    const question = { question: 'Which database?', options: ['PostgreSQL', 'SQLite'] };

    // The user's own answer, which is none of the suggestions.
    reply = { answer: 'DuckDB, we only run analytics' };
    expect(await ask(question)).toBe('The user answered: DuckDB, we only run analytics');
    expect(forms[0]).toMatchObject({
      message: 'Which database?',
      requestedSchema: {
        type: 'object',
        properties: {
          choice: { type: 'string', enum: ['PostgreSQL', 'SQLite'] },
          answer: { type: 'string', title: 'Or answer in your own words' },
        },
      },
    });
    expect(
      (forms[0] as { requestedSchema: { properties: { answer: object } } }).requestedSchema.properties.answer,
    ).not.toHaveProperty('enum');
    // A pick from the list.
    reply = { choice: 'SQLite' };
    expect(await ask(question)).toBe('The user answered: SQLite');
    // Without suggestions: one required text field.
    reply = { answer: 'Tabs' };
    expect(await ask({ question: 'Tabs or spaces?' })).toBe('The user answered: Tabs');
    expect(forms[2]).toMatchObject({
      requestedSchema: { properties: { answer: { type: 'string' } }, required: ['answer'] },
    });
    // Submitted empty.
    reply = {};
    expect(await ask(question)).toMatch(/^The user submitted the question without an answer\./);

    const declined = setup({}, { elicit: async () => ({ action: 'decline' }) });
    expect(text(await new AskUserTool().run({ question: 'Which?' }, declined.ctx))).toMatch(
      /declined to answer/,
    );
  });

  it('gives the handler and the ask_user event the id of the call', async () => {
    const asked: unknown[] = [];
    const { events, ctx } = setup({ askUser: async (q) => (asked.push(q), 'yes') }, { requestId: 'call-7' });
    await new AskUserTool().run({ question: 'Proceed?' }, ctx);
    expect(asked).toEqual([{ question: 'Proceed?', toolCallId: 'call-7' }]);
    expect(events).toEqual([{ type: 'ask_user', question: 'Proceed?', toolCallId: 'call-7' }]);
  });

  it('says no user is available instead of hanging', async () => {
    const { ctx } = setup();
    const started = Date.now();
    expect(text(await new AskUserTool().run({ question: 'Which database?' }, ctx))).toBe(NO_USER_ANSWER);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('stops waiting when the call is cancelled', async () => {
    const controller = new AbortController();
    const { ctx } = setup({ askUser: () => new Promise<string>(() => {}) }, { signal: controller.signal });
    const pending = new AskUserTool().run({ question: 'Still there?' }, ctx);
    controller.abort();
    expect(text(await pending)).toBe('Tool "AskUser" was cancelled.');
  });
});

describe('TodoWrite / TodoRead', () => {
  it('replaces the list, emits todo_update, and reads it back', async () => {
    const { session, events, ctx } = setup();
    expect(text(await new TodoReadTool().run({}, ctx))).toBe('The todo list is empty.');
    const todos = [
      { id: '1', content: 'Write the parser', status: 'in_progress', priority: 'high' },
      { id: '2', content: 'Add tests', status: 'pending', priority: 'medium' },
    ];
    await new TodoWriteTool().run({ todos }, ctx);
    await new TodoWriteTool().run({ todos: [{ ...todos[0], status: 'completed' }] }, ctx);
    expect(session.todos).toEqual([
      { id: '1', content: 'Write the parser', status: 'completed', priority: 'high' },
    ]);
    expect(events.map((e) => e.type)).toEqual(['todo_update', 'todo_update']);
    expect(text(await new TodoReadTool().run({}, ctx))).toBe(
      '1 todo, 1 completed:\n[x] 1. Write the parser (high)',
    );
  });

  it('refuses duplicate ids and more than one item in progress', async () => {
    const { ctx } = setup();
    const item = { id: '1', content: 'x', status: 'in_progress', priority: 'low' };
    expect(
      text(await new TodoWriteTool().run({ todos: [item, { ...item, status: 'pending' }] }, ctx)),
    ).toMatch(/"1" is used twice/);
    expect(text(await new TodoWriteTool().run({ todos: [item, { ...item, id: '2' }] }, ctx))).toMatch(
      /2 items are in_progress \(1, 2\)/,
    );
    expect(text(await new TodoWriteTool().run({ todos: [{ ...item, status: 'done' }] }, ctx))).toMatch(
      /Valid options: "pending", "in_progress", "completed"/,
    );
  });
});

describe('Batch', () => {
  const tools = new Map<string, AnyTool<CodingToolsDeps>>();
  const batch = new BatchTool(
    (name) => tools.get(name),
    () => [...tools.keys()],
  );
  tools.set('TodoRead', new TodoReadTool());
  tools.set('TodoWrite', new TodoWriteTool());
  tools.set('Batch', batch);

  it('runs calls in parallel and reports each, failures included', async () => {
    const { ctx } = setup();
    const result = text(
      await batch.run(
        {
          tool_calls: [
            { tool: 'TodoRead', parameters: {} },
            { tool: 'TodoWrite', parameters: { todos: 'nope' } },
            { tool: 'Nope', parameters: {} },
            { tool: 'Batch', parameters: { tool_calls: [] } },
          ],
        },
        ctx,
      ),
    );
    expect(result.split('\n\n')[0]).toBe('4 calls, 1 succeeded, 3 failed.');
    expect(result).toContain('[1] TodoRead ✓\nThe todo list is empty.');
    expect(result).toMatch(/\[2\] TodoWrite ✗\nInvalid arguments for tool "TodoWrite"/);
    expect(result).toContain('[3] Nope ✗ Unknown tool "Nope". Available: TodoRead, TodoWrite.');
    expect(result).toContain('[4] Batch ✗ Batch cannot contain Batch');
  });

  it('passes on the images and documents its calls return (Read of a PNG and a PDF)', async () => {
    const { ctx } = setup();
    const kit = createCodingToolkit({ root, session: ctx.deps.session });
    const png = tinyPng();
    const pdf = tinyPdf();
    writeFileSync(path.join(root, 'pixel.png'), png);
    writeFileSync(path.join(root, 'paper.pdf'), pdf);
    const result = await kit.registry.get('Batch')!.run(
      {
        tool_calls: [
          { tool: 'Read', parameters: { file_path: 'pixel.png' } },
          { tool: 'Read', parameters: { file_path: 'paper.pdf' } },
        ],
      },
      ctx,
    );
    expect(result.content.slice(0, 2)).toEqual([
      { type: 'image', data: png.toString('base64'), mimeType: 'image/png' },
      expect.objectContaining({
        type: 'resource',
        resource: expect.objectContaining({ mimeType: 'application/pdf', blob: pdf.toString('base64') }),
      }),
    ]);
    expect(text(result)).toContain(
      '[1] Read ✓\n[image attached]\npixel.png (PNG image, image/png, 77 bytes) is attached as an image.',
    );
  });

  it('needs 2 to 10 calls', async () => {
    const { ctx } = setup();
    expect(text(await batch.run({ tool_calls: [{ tool: 'TodoRead', parameters: {} }] }, ctx))).toMatch(
      /- tool_calls: Must have at least 2 items\./,
    );
  });
});
