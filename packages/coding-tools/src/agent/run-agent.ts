/**
 * `runAgent`: a coding agent loop over the AI SDK's `streamText`, as an async generator of typed
 * events — model text, tool calls and results, AskUser questions (answered through the event's
 * `respond` or an `askUser` handler), todo updates, step ends, errors, and a final `done`.
 */
import { stepCountIs, streamText, type LanguageModel, type ModelMessage } from 'ai';
import type { ToolCallResult } from '@toolsmith/core';
import { createCodingToolkit, type CodingToolsOptions } from '../create-coding-tools.ts';
import { toAiSdkTools } from '@toolsmith/core/ai-sdk';
import type { AgentEvent } from './agent-events.ts';
import { AsyncQueue } from './async-queue.ts';
import { withMediaOutput } from './media-output.ts';

export interface RunAgentOptions extends Omit<CodingToolsOptions, 'model' | 'askUser'> {
  model: LanguageModel;
  /** The task, or a conversation so far. */
  prompt: string | ModelMessage[];
  system?: string;
  /** Step limit of the loop. @default 20 */
  maxSteps?: number;
  /** Aborts the run, its tool calls and sub-agents. */
  signal?: AbortSignal;
  /**
   * Answers AskUser questions. Without it, answer through the `ask_user` event's `respond`.
   */
  askUser?: CodingToolsOptions['askUser'];
}

export const DEFAULT_SYSTEM =
  'You are a coding agent working in a repository through tools. Read before you edit, keep changes minimal, run the checks that prove your change, and finish with a short summary of what you did.';

const textOf = (output: unknown): { text: string; isError: boolean } => {
  const result = output as Partial<ToolCallResult> | undefined;
  if (result && Array.isArray(result.content)) {
    return {
      text: result.content.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join('\n'),
      isError: result.isError === true,
    };
  }
  return { text: typeof output === 'string' ? output : JSON.stringify(output), isError: false };
};

export async function* runAgent(options: RunAgentOptions): AsyncGenerator<AgentEvent> {
  const queue = new AsyncQueue<AgentEvent>();
  const maxSteps = options.maxSteps ?? 20;
  // Stops the run when the caller aborts or stops iterating early.
  const controller = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;
  const answerHandler = options.askUser;
  const toolkit = createCodingToolkit({
    ...options,
    subAgentMaxSteps: options.subAgentMaxSteps ?? Math.max(1, Math.min(10, maxSteps - 1)),
    askUser:
      answerHandler ??
      ((question, toolSignal) =>
        new Promise<string>((resolve, reject) => {
          toolSignal.addEventListener('abort', () => reject(toolSignal.reason), { once: true });
          queue.push({ type: 'ask_user', ...question, respond: resolve });
        })),
  });
  const unsubscribe = toolkit.session.onEvent((event) => {
    if (event.type === 'todo_update') queue.push({ type: 'todo_update', todos: event.todos });
    else if (event.type === 'ask_user' && answerHandler) {
      queue.push({
        type: 'ask_user',
        ...(event.toolCallId !== undefined ? { toolCallId: event.toolCallId } : {}),
        question: event.question,
        ...(event.options ? { options: event.options } : {}),
        respond: () => {},
      });
    }
  });

  // A tool call is announced when its tool starts (what it emits meanwhile — an AskUser question,
  // a todo update — follows it), or when the stream reports it, whichever is first: a call the SDK
  // does not execute (invalid input) is still announced, and none twice.
  const announced = new Set<string>();
  const announce = (toolCallId: string, toolName: string, input: unknown) => {
    if (announced.has(toolCallId)) return;
    announced.add(toolCallId);
    queue.push({ type: 'tool-call', toolCallId, toolName, input });
  };
  const aiTools = withMediaOutput(
    toAiSdkTools(toolkit.registry, {
      deps: toolkit.deps,
      ...(options.selection ? { selection: options.selection } : {}),
      ...(options.logger ? { logger: options.logger } : {}),
    }),
  );
  const tools = Object.fromEntries(
    Object.entries(aiTools).map(([name, tool]) => {
      const execute = tool.execute;
      if (!execute) return [name, tool];
      return [
        name,
        {
          ...tool,
          execute: (input: unknown, execution: Parameters<typeof execute>[1]) => {
            announce(execution.toolCallId, name, input);
            return execute(input, execution);
          },
        },
      ];
    }),
  ) as typeof aiTools;

  const run = (async () => {
    let step = 0;
    let text = '';
    let finishReason = 'unknown';
    try {
      const result = streamText({
        model: options.model,
        system: options.system ?? DEFAULT_SYSTEM,
        ...(typeof options.prompt === 'string' ? { prompt: options.prompt } : { messages: options.prompt }),
        tools,
        stopWhen: stepCountIs(maxSteps),
        abortSignal: signal,
      });
      let stepText = '';
      for await (const part of result.fullStream) {
        switch (part.type) {
          case 'text-delta':
            stepText += part.text;
            queue.push({ type: 'text', text: part.text });
            break;
          case 'tool-call':
            announce(part.toolCallId, part.toolName, part.input);
            break;
          case 'tool-result': {
            const { text: output, isError } = textOf(part.output);
            queue.push({
              type: 'tool-result',
              toolCallId: part.toolCallId,
              toolName: part.toolName,
              output,
              isError,
            });
            break;
          }
          case 'tool-error':
            queue.push({
              type: 'tool-result',
              toolCallId: part.toolCallId,
              toolName: part.toolName,
              output: part.error instanceof Error ? part.error.message : String(part.error),
              isError: true,
            });
            break;
          case 'finish-step':
            step++;
            if (stepText) text = stepText;
            stepText = '';
            queue.push({ type: 'step-finish', step, finishReason: part.finishReason });
            break;
          case 'finish':
            finishReason = part.finishReason;
            break;
          case 'abort':
            finishReason = 'aborted';
            break;
          case 'error':
            queue.push({ type: 'error', error: part.error });
            break;
          default:
            break;
        }
      }
      queue.push({ type: 'done', text, steps: step, finishReason });
    } catch (error) {
      queue.push({ type: 'error', error });
      queue.push({ type: 'done', text, steps: step, finishReason: signal.aborted ? 'aborted' : 'error' });
    } finally {
      unsubscribe();
      queue.close();
    }
  })();

  try {
    yield* queue;
  } finally {
    controller.abort(new Error('runAgent: the consumer stopped'));
    await run;
  }
}
