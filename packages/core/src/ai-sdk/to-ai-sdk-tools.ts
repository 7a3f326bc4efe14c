/**
 * The AI SDK adapter: the same tools, handed to a Vercel AI SDK (`ai` 7) agent for
 * `generateText` / `streamText`. The input schema is the generated definition (the same one MCP
 * clients see); validation, budgeting and error classification stay in BaseTool. Tool errors come
 * back as `error-text` outputs the model reads and recovers from — they do not abort the step.
 * A tool converted on its own is typed by its Zod schema (`input` of tool calls in `generateText`
 * results and callbacks); the schema handed to the model is still the JSON Schema, so the AI SDK
 * does not validate a second time.
 */
import { jsonSchema, tool, type Tool } from 'ai';
import type { AnyZodObject, InferSchemaInput } from '../definition/types.ts';
import { createStreamLogger, type Logger } from '../logging/logger.ts';
import type { ToolRegistry } from '../registry/tool-registry.ts';
import type { ToolSelection } from '../registry/tool-selection.ts';
import {
  createProgressReporter,
  type ElicitationRequest,
  type ElicitationResult,
  type ProgressUpdate,
  type ToolContext,
} from '../tool/tool-context.ts';
import type { AnyTool, BaseTool } from '../tool/base-tool.ts';
import type { ToolCallResult } from '../tool/tool-result.ts';

export interface AiSdkToolsOptions<TDeps> {
  deps: TDeps;
  /** Applied when the source is a registry. */
  selection?: ToolSelection;
  logger?: Logger;
  maxOutputChars?: number;
  toolTimeoutMs?: number;
  /** Receives progress reports of long-running tools. */
  onProgress?: (event: { toolName: string; toolCallId: string } & ProgressUpdate) => void | Promise<void>;
  /** Lets tools ask the user (the host shows the question and returns the answer). */
  elicit?: (request: ElicitationRequest & { toolName: string }) => Promise<ElicitationResult>;
}

/** Renders a tool call result for the model. */
function toModelOutput(result: ToolCallResult) {
  const text = result.content
    .map((part) => (part.type === 'text' ? part.text : `[${part.type} content omitted]`))
    .join('\n\n');
  return result.isError
    ? ({ type: 'error-text', value: text } as const)
    : ({ type: 'text', value: text } as const);
}

/** Converts one toolsmith tool into an AI SDK tool, its input typed by the tool's Zod schema. */
export function toAiSdkTool<TDeps, TParams extends AnyZodObject>(
  source: BaseTool<TDeps, TParams, unknown>,
  options: AiSdkToolsOptions<TDeps>,
): Tool<InferSchemaInput<TParams>, ToolCallResult> {
  const definition = source.getDefinition();
  const logger = options.logger ?? createStreamLogger();
  return tool({
    ...(definition.title ? { title: definition.title } : {}),
    description: definition.description,
    // BaseTool validates (with field-level messages the model can act on): no validate function here.
    inputSchema: jsonSchema<InferSchemaInput<TParams>>(definition.inputSchema),
    execute: async (input, { toolCallId, abortSignal }): Promise<ToolCallResult> => {
      const onProgress = options.onProgress;
      const elicit = options.elicit;
      const ctx: ToolContext<TDeps> = {
        deps: options.deps,
        signal: abortSignal ?? new AbortController().signal,
        logger,
        toolName: source.name,
        requestId: toolCallId,
        progress: createProgressReporter(
          onProgress
            ? async (update) => onProgress({ toolName: source.name, toolCallId, ...update })
            : undefined,
        ),
        ...(elicit
          ? { elicit: (request: ElicitationRequest) => elicit({ ...request, toolName: source.name }) }
          : {}),
      };
      try {
        return await source.run(input, ctx, {
          ...(options.maxOutputChars !== undefined ? { maxOutputChars: options.maxOutputChars } : {}),
          ...(options.toolTimeoutMs !== undefined ? { timeoutMs: options.toolTimeoutMs } : {}),
        });
      } catch {
        // Programmer error (already logged by BaseTool): the model still gets a readable result.
        return {
          isError: true,
          content: [
            {
              type: 'text',
              text: `Tool "${source.name}" failed with an internal error (a bug in the tool, not in your input). Do not retry the same call; try another approach.`,
            },
          ],
        };
      }
    },
    toModelOutput: ({ output }) => toModelOutput(output),
  });
}

/** A record of AI SDK tools, keyed by tool name, for `generateText({ tools })` / `streamText`. */
export function toAiSdkTools<TDeps>(
  source: ToolRegistry<TDeps> | readonly AnyTool<TDeps>[],
  options: AiSdkToolsOptions<TDeps>,
): Record<string, Tool<unknown, ToolCallResult>> {
  const tools = Array.isArray(source)
    ? (source as readonly AnyTool<TDeps>[])
    : (source as ToolRegistry<TDeps>).select(options.selection ?? {}).tools;
  return Object.fromEntries(tools.map((t) => [t.name, toAiSdkTool(t, options)]));
}
