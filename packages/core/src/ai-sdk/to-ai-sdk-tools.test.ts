import { describe, expect, it } from '@jest/globals';
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import {
  createFixtureDeps,
  createFixtureTools,
  GetBookTool,
  type FixtureDeps,
} from '../__fixtures__/fixture-tools.ts';
import { silentLogger } from '../logging/logger.ts';
import { ToolRegistry } from '../registry/tool-registry.ts';
import { toAiSdkTool, toAiSdkTools } from './to-ai-sdk-tools.ts';

type Call = { toolName: string; input: unknown };

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

/** A scripted model: each step either calls tools or answers with text. */
function scriptedModel(steps: (Call[] | string)[]) {
  let index = 0;
  return new MockLanguageModelV4({
    doGenerate: async () => {
      const step = steps[index++] ?? 'done';
      if (typeof step === 'string') {
        return {
          content: [{ type: 'text', text: step }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage,
          warnings: [],
        };
      }
      return {
        content: step.map((call, i) => ({
          type: 'tool-call' as const,
          toolCallId: `call-${index}-${i}`,
          toolName: call.toolName,
          input: JSON.stringify(call.input),
        })),
        finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
        usage,
        warnings: [],
      };
    },
  });
}

const registry = () =>
  new ToolRegistry<FixtureDeps>({
    toolsets: [
      { id: 'books', description: 'Read books', default: true },
      { id: 'books_write', description: 'Change books', default: false },
      { id: 'utility', description: 'Utilities', default: true },
    ],
  }).register(...createFixtureTools());

describe('toAiSdkTools', () => {
  it('exposes the selected tools with the generated JSON schema', async () => {
    const tools = toAiSdkTools(registry(), {
      deps: createFixtureDeps(),
      logger: silentLogger,
      selection: { readOnly: true },
    });
    expect(Object.keys(tools).sort()).toEqual([
      'buggy',
      'failing_api',
      'get_book',
      'list_books',
      'slow_count',
    ]);
    const definition = registry().get('get_book')!.getDefinition();
    const schema = await (tools.get_book!.inputSchema as { jsonSchema: unknown }).jsonSchema;
    expect(schema).toEqual(definition.inputSchema);
    expect(tools.get_book!.description).toBe(definition.description);
  });

  it('runs an agent loop where the model recovers from a tool error it reads', async () => {
    const model = scriptedModel([
      [{ toolName: 'list_books', input: { order: 'rating' } }],
      [{ toolName: 'get_book', input: { id: 'b2', fields: ['title', 'year'] } }],
      'Book 2 was published in 2002.',
    ]);
    const result = await generateText({
      model,
      tools: toAiSdkTools(registry(), { deps: createFixtureDeps(), logger: silentLogger }),
      prompt: 'When was book 2 published?',
      stopWhen: stepCountIs(5),
    });

    expect(result.text).toBe('Book 2 was published in 2002.');
    expect(result.steps).toHaveLength(3);

    // Step 2's prompt carries the validation error as an error-text tool result.
    const secondPrompt = JSON.stringify(model.doGenerateCalls[1]!.prompt);
    expect(secondPrompt).toContain('error-text');
    expect(secondPrompt).toContain('Valid options: \\"title\\", \\"year\\"');

    // Step 3's prompt carries the projected result.
    const thirdPrompt = JSON.stringify(model.doGenerateCalls[2]!.prompt);
    expect(thirdPrompt).toContain('{\\"title\\":\\"Book 2\\",\\"year\\":2002}');
  });

  it('types a single tool by its Zod schema: tool-call inputs in the result are typed', async () => {
    const getBook = toAiSdkTool(new GetBookTool(), { deps: createFixtureDeps(), logger: silentLogger });
    const result = await generateText({
      model: scriptedModel([[{ toolName: 'get_book', input: { id: 'b1', fields: ['title'] } }], 'ok']),
      tools: { get_book: getBook },
      prompt: 'Title of b1?',
      stopWhen: stepCountIs(3),
    });
    const call = result.steps[0]!.toolCalls[0]!;
    if (call.dynamic) throw new Error('expected a static tool call');
    // Compile-time checks (npm test type-checks the tests): `input` is { id: string; fields?: … }.
    const id: string = call.input.id;
    // @ts-expect-error -- not a field of get_book's schema
    void call.input.isbn;
    expect(id).toBe('b1');
    expect(call.input.fields).toEqual(['title']);
    expect(JSON.stringify(result.steps[0]!.toolResults[0]!.output)).toContain('Book 1');
  });

  it('keeps the loop alive on programmer errors and API errors', async () => {
    const model = scriptedModel([
      [
        { toolName: 'buggy', input: {} },
        { toolName: 'failing_api', input: {} },
      ],
      'ok',
    ]);
    const result = await generateText({
      model,
      tools: toAiSdkTools(registry(), { deps: createFixtureDeps(), logger: silentLogger }),
      prompt: 'try',
      stopWhen: stepCountIs(3),
    });
    expect(result.text).toBe('ok');
    const prompt = JSON.stringify(model.doGenerateCalls[1]!.prompt);
    expect(prompt).toContain('failed with an internal error');
    expect(prompt).toContain('Valid statuses: open, inProgress, closed');
  });

  it('forwards progress and abort', async () => {
    const progress: number[] = [];
    const controller = new AbortController();
    const tools = toAiSdkTools(registry(), {
      deps: createFixtureDeps(),
      logger: silentLogger,
      onProgress: (event) => {
        progress.push(event.progress);
        if (event.progress === 2) controller.abort();
      },
    });
    const output = await tools.slow_count!.execute!(
      { steps: 50, stepMs: 2 },
      { toolCallId: 'x', messages: [], abortSignal: controller.signal, context: {} },
    );
    expect(progress).toEqual([1, 2]);
    expect(output).toMatchObject({ isError: true, content: [{ text: 'Tool "slow_count" was cancelled.' }] });
  });
});
