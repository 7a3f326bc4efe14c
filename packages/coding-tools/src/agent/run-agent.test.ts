/**
 * One coding session through `runAgent`, driven by a scripted MockLanguageModelV4 through the real
 * AI SDK loop, that uses every one of the 18 tools at least once — AskUser answered by a handler, a
 * Task sub-agent (the same model through generateText) and a Batch — against a real temporary
 * project, a local web server and a fake Brave Search server on 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFakeApi, type FakeApi } from '@toolsmith/testing';
import { MockLanguageModelV4 } from 'ai/test';
import { createBraveSearchProvider } from '../search/brave-search-provider.ts';
import { tinyPng } from '../tools/__fixtures__/binary-files.ts';
import { FAKE_BRAVE_KEY, startFakeBrave } from '../search/__fixtures__/fake-brave.ts';
import type { AgentEvent } from './agent-events.ts';
import { runAgent } from './run-agent.ts';

type Call = { toolName: string; input: Record<string, unknown> };
const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

function streamOf(parts: unknown[]) {
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
}

const toolStep = (step: number, calls: Call[]) => [
  { type: 'stream-start', warnings: [] },
  ...calls.map((call, i) => ({
    type: 'tool-call',
    toolCallId: `s${step}-${i}`,
    toolName: call.toolName,
    input: JSON.stringify(call.input),
  })),
  { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage },
];

const textStep = (text: string) => [
  { type: 'stream-start', warnings: [] },
  { type: 'text-start', id: 't' },
  { type: 'text-delta', id: 't', delta: text },
  { type: 'text-end', id: 't' },
  { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
];

let root: string;
let web: FakeApi;
let brave: FakeApi;
const tsc = path.join(
  path.dirname(createRequire(import.meta.url).resolve('typescript/package.json')),
  'bin',
  'tsc',
);

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'agent-session-'));
  mkdirSync(path.join(root, 'src'));
  writeFileSync(
    path.join(root, 'src', 'math.ts'),
    'export function add(a: number, b: number): number {\n  return a + b;\n}\n',
  );
  writeFileSync(path.join(root, 'src', 'legacy.ts'), 'export const version = 1;\n');
  writeFileSync(
    path.join(root, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        allowImportingTsExtensions: true,
        module: 'nodenext',
        target: 'es2022',
        types: [],
      },
      include: ['src'],
    }),
  );
  web = await createFakeApi({
    routes: {
      'GET /docs': () => ({
        headers: { 'content-type': 'text/html' },
        text: '<html><body><h1>Add</h1><p>Adds <code>two</code> numbers.</p></body></html>',
      }),
    },
  });
  brave = await startFakeBrave();
});
afterAll(async () => {
  rmSync(root, { recursive: true, force: true });
  await web.close();
  await brave.close();
});

describe('runAgent', () => {
  it('runs a session that uses all 18 tools, with AskUser, a Task sub-agent and a Batch', async () => {
    const patch = [
      '*** Begin Patch',
      '*** Add File: src/index.ts',
      "+export { add, multiply } from './math.ts';",
      '*** Update File: src/legacy.ts',
      '@@',
      '-export const version = 1;',
      '+export const version = 2;',
      '*** End Patch',
    ].join('\n');
    const script: Call[][] = [
      [
        {
          toolName: 'TodoWrite',
          input: {
            todos: [
              { id: '1', content: 'Explore the project', status: 'in_progress', priority: 'high' },
              { id: '2', content: 'Add multiply', status: 'pending', priority: 'high' },
            ],
          },
        },
        { toolName: 'ListDir', input: { path: '.' } },
        { toolName: 'Glob', input: { pattern: 'src/**/*.ts' } },
      ],
      [
        { toolName: 'Read', input: { file_path: 'src/math.ts' } },
        { toolName: 'Read', input: { file_path: 'src/legacy.ts' } },
        { toolName: 'Grep', input: { pattern: 'export function', output_mode: 'content' } },
        { toolName: 'TodoRead', input: {} },
      ],
      [
        {
          toolName: 'AskUser',
          input: {
            question: 'Should multiply accept more than two numbers?',
            options: ['No, two', 'Yes, any'],
          },
        },
        { toolName: 'WebFetch', input: { url: `${web.url}/docs` } },
        { toolName: 'WebSearch', input: { query: 'typescript multiply function' } },
        { toolName: 'CodeSearch', input: { query: 'typescript reduce multiply' } },
      ],
      [
        {
          toolName: 'Edit',
          input: {
            file_path: 'src/math.ts',
            old_string: '  return a + b;\n}\n',
            new_string:
              '  return a + b;\n}\n\nexport function multiply(a: number, b: number): number {\n  return a * b;\n}\n',
          },
        },
        { toolName: 'Write', input: { file_path: 'src/constants.ts', content: 'export const ZERO = 0;\n' } },
      ],
      [
        {
          toolName: 'MultiEdit',
          input: {
            file_path: 'src/math.ts',
            edits: [
              { old_string: 'a + b', new_string: 'b + a' },
              { old_string: 'a * b', new_string: 'b * a' },
            ],
          },
        },
        { toolName: 'ApplyPatch', input: { patch } },
      ],
      [
        {
          toolName: 'Bash',
          input: { command: 'grep -c export src/math.ts', description: 'Count exports in math.ts' },
        },
        {
          toolName: 'Diagnostics',
          input: { command: `${process.execPath} ${tsc} --noEmit --pretty false -p .` },
        },
      ],
      [
        {
          toolName: 'Batch',
          input: {
            tool_calls: [
              { tool: 'Read', parameters: { file_path: 'src/index.ts' } },
              { tool: 'Grep', parameters: { pattern: 'multiply', output_mode: 'count' } },
            ],
          },
        },
        {
          toolName: 'Task',
          input: {
            description: 'Review math module',
            prompt: 'Read src/math.ts and report the exported functions.',
          },
        },
      ],
    ];
    let streamCalls = 0;
    let generateCalls = 0;
    const model = new MockLanguageModelV4({
      doStream: async () => {
        const step = script[streamCalls];
        streamCalls++;
        return {
          stream: streamOf(
            step
              ? toolStep(streamCalls, step)
              : textStep('Added multiply, patched the exports and checked the types.'),
          ),
        } as never;
      },
      // The Task sub-agent: one Read, then its report.
      doGenerate: async () => {
        generateCalls++;
        if (generateCalls === 1) {
          return {
            content: [
              {
                type: 'tool-call',
                toolCallId: 'sub-1',
                toolName: 'Read',
                input: JSON.stringify({ file_path: 'src/math.ts' }),
              },
            ],
            finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
            usage,
            warnings: [],
          } as never;
        }
        return {
          content: [{ type: 'text', text: 'math.ts exports add and multiply.' }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage,
          warnings: [],
        } as never;
      },
    });

    const provider = createBraveSearchProvider({ apiKey: FAKE_BRAVE_KEY, baseUrl: brave.url });
    const events: AgentEvent[] = [];
    for await (const event of runAgent({
      model,
      prompt:
        'Add a multiply function next to add, export both from src/index.ts and bump the legacy version.',
      root,
      maxSteps: 12,
      askUser: async () => 'No, two',
      allowedPrivateHosts: ['127.0.0.1'],
      webSearch: provider,
      codeSearch: provider,
    })) {
      events.push(event);
    }

    const calls = events.filter((e) => e.type === 'tool-call');
    const results = events.filter(
      (e): e is Extract<AgentEvent, { type: 'tool-result' }> => e.type === 'tool-result',
    );
    const used = new Set(calls.map((c) => (c as { toolName: string }).toolName));
    expect([...used].sort()).toEqual(
      [
        'ApplyPatch',
        'AskUser',
        'Bash',
        'Batch',
        'CodeSearch',
        'Diagnostics',
        'Edit',
        'Glob',
        'Grep',
        'ListDir',
        'MultiEdit',
        'Read',
        'Task',
        'TodoRead',
        'TodoWrite',
        'WebFetch',
        'WebSearch',
        'Write',
      ].sort(),
    );
    const failures = results.filter((r) => r.isError).map((r) => `${r.toolName}: ${r.output}`);
    expect(failures).toEqual([]);

    const output = (name: string) =>
      results
        .filter((r) => r.toolName === name)
        .map((r) => r.output)
        .join('\n');
    expect(output('AskUser')).toBe('The user answered: No, two');
    expect(output('WebFetch')).toContain('# Add');
    expect(output('WebSearch')).toContain('https://example.com/page-1');
    expect(output('Bash')).toMatch(/Exit code 0[\s\S]*\b2\b/);
    expect(output('Diagnostics')).toContain('No errors found.');
    expect(output('Batch')).toMatch(/^2 calls, 2 succeeded, 0 failed\./);
    expect(output('Task')).toContain('math.ts exports add and multiply.');

    expect(readFileSync(path.join(root, 'src', 'math.ts'), 'utf8')).toBe(
      'export function add(a: number, b: number): number {\n  return b + a;\n}\n\nexport function multiply(a: number, b: number): number {\n  return b * a;\n}\n',
    );
    expect(readFileSync(path.join(root, 'src', 'index.ts'), 'utf8')).toBe(
      "export { add, multiply } from './math.ts';\n",
    );
    expect(readFileSync(path.join(root, 'src', 'legacy.ts'), 'utf8')).toBe('export const version = 2;\n');
    expect(readFileSync(path.join(root, 'src', 'constants.ts'), 'utf8')).toBe('export const ZERO = 0;\n');

    expect(events.some((e) => e.type === 'ask_user' && e.question.startsWith('Should multiply'))).toBe(true);
    expect(events.filter((e) => e.type === 'todo_update')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'step-finish')).toHaveLength(script.length + 1);
    expect(events.at(-1)).toEqual({
      type: 'done',
      text: 'Added multiply, patched the exports and checked the types.',
      steps: script.length + 1,
      finishReason: 'stop',
    });
    expect(generateCalls).toBe(2); // the sub-agent's own loop, with the parent's model
    // The sub-agent had no Task and no todo tools.
    const subAgentTools = Object.keys(
      (model.doGenerateCalls[0] as { tools?: { name: string }[] }).tools?.reduce(
        (a, t) => ({ ...a, [t.name]: 1 }),
        {},
      ) ?? {},
    );
    expect(subAgentTools).toContain('Read');
    expect(subAgentTools).not.toContain('Task');
    expect(subAgentTools).not.toContain('TodoWrite');
  }, 60_000);

  it('lets the consumer answer AskUser through the event, and stops when aborted', async () => {
    let calls = 0;
    const model = new MockLanguageModelV4({
      doStream: async () => {
        calls++;
        return {
          stream: streamOf(
            calls === 1
              ? toolStep(1, [{ toolName: 'AskUser', input: { question: 'Proceed?' } }])
              : textStep('ok'),
          ),
        } as never;
      },
    });
    const seen: AgentEvent[] = [];
    for await (const event of runAgent({ model, prompt: 'go', root })) {
      seen.push(event);
      if (event.type === 'ask_user') event.respond('yes, go ahead');
    }
    const result = seen.find(
      (e): e is Extract<AgentEvent, { type: 'tool-result' }> => e.type === 'tool-result',
    );
    expect(result?.output).toBe('The user answered: yes, go ahead');
    expect(seen.at(-1)).toMatchObject({ type: 'done', text: 'ok' });

    const controller = new AbortController();
    const aborted: AgentEvent[] = [];
    calls = 0;
    for await (const event of runAgent({ model, prompt: 'go', root, signal: controller.signal })) {
      aborted.push(event);
      if (event.type === 'ask_user') controller.abort(); // never answer; abort instead
    }
    expect(aborted.at(-1)).toMatchObject({ type: 'done' });
    expect((aborted.at(-1) as { finishReason: string }).finishReason).toMatch(/abort/);
  }, 30_000);

  it('announces each tool call before anything it emits and before its result, with its toolCallId', async () => {
    writeFileSync(path.join(root, 'pixel.png'), tinyPng());
    let calls = 0;
    const model = new MockLanguageModelV4({
      doStream: async () => {
        calls++;
        return {
          stream: streamOf(
            calls === 1
              ? toolStep(1, [
                  { toolName: 'Read', input: { file_path: 'pixel.png' } },
                  {
                    toolName: 'TodoWrite',
                    input: {
                      todos: [
                        { id: '1', content: 'Check the image', status: 'in_progress', priority: 'high' },
                      ],
                    },
                  },
                  { toolName: 'AskUser', input: { question: 'Is the image right?', options: ['yes', 'no'] } },
                  { toolName: 'Glob', input: { pattern: '**/*.png' } },
                ])
              : textStep('done'),
          ),
        } as never;
      },
    });
    const events: AgentEvent[] = [];
    for await (const event of runAgent({ model, prompt: 'go', root, askUser: async () => 'yes' })) {
      events.push(event);
    }
    const callIndex = (id: string) => events.findIndex((e) => e.type === 'tool-call' && e.toolCallId === id);
    const results = events.filter((e) => e.type === 'tool-result');
    expect(results.map((r) => r.toolCallId).sort()).toEqual(['s1-0', 's1-1', 's1-2', 's1-3']);
    for (const result of results) {
      const announced = callIndex(result.toolCallId);
      expect(announced).toBeGreaterThanOrEqual(0);
      expect(announced).toBeLessThan(events.indexOf(result));
    }
    // Each call once.
    expect(events.filter((e) => e.type === 'tool-call').map((e) => e.toolCallId)).toEqual([
      's1-0',
      's1-1',
      's1-2',
      's1-3',
    ]);
    // What a tool emits while it runs follows its call.
    const asked = events.findIndex((e) => e.type === 'ask_user');
    expect(events[asked]).toMatchObject({
      type: 'ask_user',
      toolCallId: 's1-2',
      question: 'Is the image right?',
    });
    expect(callIndex('s1-2')).toBeLessThan(asked);
    expect(callIndex('s1-1')).toBeLessThan(events.findIndex((e) => e.type === 'todo_update'));

    // The image Read attached reached the model as a file part, not as "[image content omitted]".
    const prompt = JSON.stringify(model.doStreamCalls[1]?.prompt);
    expect(prompt).toContain(tinyPng().toString('base64'));
    expect(prompt).toContain('"mediaType":"image/png"');
    expect(prompt).not.toContain('content omitted');
  }, 30_000);
});
