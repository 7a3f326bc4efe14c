/**
 * The MCP adapter: serves a ToolRegistry over the MCP TypeScript SDK (1.x). This folder is the only
 * place that imports the SDK, so moving to SDK 2 / protocol 2026-07-28 touches nothing else.
 *
 * It uses the SDK's low-level `Server` so that `tools/list` serves exactly the generated definitions
 * and `tools/call` goes through BaseTool.run (validation, budget, error classification) — no second
 * schema conversion or validation pass inside the SDK.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { Protocol } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  ErrorCode,
  ListToolsRequestSchema,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ToolRegistry, AnyTool } from '../registry/tool-registry.ts';
import { SearchToolsTool } from '../registry/search-tools.tool.ts';
import type { ToolSelection } from '../registry/tool-selection.ts';
import { createStreamLogger, type Logger } from '../logging/logger.ts';
import { DEFAULT_MAX_OUTPUT_CHARS } from '../tool/base-tool.ts';
import { fitErrorToBudget, previewValue } from '../tool/error-budget.ts';
import { createProgressReporter, type ElicitationResult, type ToolContext } from '../tool/tool-context.ts';
import type { ToolDefinition } from '../tool/tool-definition.ts';
import { closestMatches } from '../util/closest-match.ts';
import { JsonRpcError } from './json-rpc-error.ts';

export interface McpServerOptions<TDeps> {
  name: string;
  version: string;
  title?: string;
  /** Server instructions sent at initialisation (how the tools fit together). */
  instructions?: string;
  registry: ToolRegistry<TDeps>;
  /** Which tools to expose (read-only → toolsets → include → exclude). */
  selection?: ToolSelection;
  /** Dependencies handed to every tool as `ctx.deps`. */
  deps: TDeps;
  /** Defaults to a JSON-lines logger on stderr. */
  logger?: Logger;
  /** Output budget per result, in characters (the tool's own budget wins). */
  maxOutputChars?: number;
  /** Wall-clock limit per tool call. */
  toolTimeoutMs?: number;
  /** Add the built-in `search_tools` tool. @default true */
  searchTools?: boolean;
}

/** A server ready to connect to one transport. */
export interface ToolsmithMcpServer {
  /** The underlying SDK server (for advanced use: logging, notifications). */
  readonly server: Server;
  readonly tools: readonly ToolDefinition[];
  connect(transport: Transport): Promise<void>;
  close(): Promise<void>;
}

function toSdkTool(definition: ToolDefinition): Tool {
  return definition as unknown as Tool;
}

/**
 * `tools/call` with params of any shape: the handler checks them itself (see `readCallParams`), so
 * a malformed call gets an invalid-params error that says what to send, never a Zod dump.
 */
const AnyCallToolRequestSchema = z.object({ method: z.literal('tools/call'), params: z.unknown() });

const kindOf = (value: unknown) =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'string'
        ? 'string'
        : typeof value;

/**
 * The tool name and arguments of a `tools/call`. Missing `arguments` (optional in the spec) stand
 * for `{}`: a tool without required parameters runs. The messages quote nothing unbounded.
 */
function readCallParams(params: unknown): { name: string; args: Record<string, unknown> } {
  const call = (params ?? {}) as { name?: unknown; arguments?: unknown };
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    throw new JsonRpcError(
      ErrorCode.InvalidParams,
      `Invalid tools/call request: "params" must be an object (received ${kindOf(params)}). Send {"name": "<tool>", "arguments": {...}}.`,
    );
  }
  if (typeof call.name !== 'string') {
    throw new JsonRpcError(
      ErrorCode.InvalidParams,
      `Invalid tools/call request: "name" must be the tool's name as a string (received ${kindOf(call.name)}). Call tools/list to see the available tools.`,
    );
  }
  const args = call.arguments === undefined ? {} : call.arguments;
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    throw new JsonRpcError(
      ErrorCode.InvalidParams,
      `Invalid tools/call request: "arguments" must be an object of the tool's parameters (expected record, received ${kindOf(call.arguments)}). Send e.g. {"name": "${previewValue(call.name, 64)}", "arguments": {...}}, or leave "arguments" out for a tool without parameters.`,
    );
  }
  return { name: call.name, args: args as Record<string, unknown> };
}

/** Longest tool name the spec allows; a longer one is not worth a "did you mean". */
const MAX_TOOL_NAME = 128;

export function createMcpServer<TDeps>(options: McpServerOptions<TDeps>): ToolsmithMcpServer {
  const logger = options.logger ?? createStreamLogger();
  const selected = options.registry.select(options.selection ?? {});
  const tools: AnyTool<TDeps>[] = [...selected.tools];
  if (options.searchTools ?? true) {
    // search_tools sees every registered tool and reports which are enabled in this session.
    tools.unshift(
      new SearchToolsTool(options.registry as ToolRegistry<unknown>, () => selected) as AnyTool<TDeps>,
    );
  }
  const byName = new Map(tools.map((t) => [t.name, t]));
  const definitions = tools.map((t) => t.getDefinition());

  const server = new Server(
    { name: options.name, version: options.version, ...(options.title ? { title: options.title } : {}) },
    {
      capabilities: { tools: { listChanged: false } },
      ...(options.instructions ? { instructions: options.instructions } : {}),
    },
  );

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: definitions.map(toSdkTool) }));

  const budget = options.maxOutputChars ?? DEFAULT_MAX_OUTPUT_CHARS;
  const fail = (code: number, message: string) => new JsonRpcError(code, fitErrorToBudget(message, budget));

  // Registered on Protocol, past the SDK Server's own tools/call wrapper: that wrapper re-validates
  // the request with the SDK schema and answers a malformed one with a Zod dump inside an McpError
  // whose message the client prefixes a second time. readCallParams checks the same rules and says
  // what to send instead.
  const handleCall = async (
    request: z.infer<typeof AnyCallToolRequestSchema>,
    extra: Parameters<Parameters<Server['setRequestHandler']>[1]>[1],
  ): Promise<CallToolResult> => {
    const { name, args } = readCallParams(request.params);
    const tool = byName.get(name) ?? selected.get(name);
    if (!tool) {
      const reason = selected.disabledReason(name);
      if (reason)
        return { content: [{ type: 'text', text: fitErrorToBudget(reason, budget) }], isError: true };
      const near = name.length <= MAX_TOOL_NAME ? closestMatches(name, byName.keys()) : [];
      throw fail(
        ErrorCode.InvalidParams,
        `Unknown tool "${previewValue(name)}".${near.length ? ` Did you mean ${near.map((n) => `"${n}"`).join(', ')}?` : ''} Call tools/list to see the available tools.`,
      );
    }

    const progressToken = extra._meta?.progressToken;
    const canElicit = server.getClientCapabilities()?.elicitation !== undefined;
    const ctx: ToolContext<TDeps> = {
      deps: options.deps,
      signal: extra.signal,
      logger,
      toolName: tool.name,
      requestId: extra.requestId,
      progress: createProgressReporter(
        progressToken === undefined
          ? undefined
          : (update) =>
              extra.sendNotification({
                method: 'notifications/progress',
                params: { progressToken, ...update },
              }),
      ),
      ...(canElicit
        ? {
            elicit: async (elicitation): Promise<ElicitationResult> => {
              const answer = await server.elicitInput(
                {
                  mode: 'form',
                  message: elicitation.message,
                  requestedSchema: elicitation.requestedSchema,
                } as never,
                { signal: extra.signal },
              );
              return answer.action === 'accept'
                ? { action: 'accept', content: (answer.content ?? {}) as Record<string, unknown> }
                : { action: answer.action };
            },
          }
        : {}),
    };
    try {
      const result = await tool.run(args, ctx, {
        ...(options.maxOutputChars !== undefined ? { maxOutputChars: options.maxOutputChars } : {}),
        ...(options.toolTimeoutMs !== undefined ? { timeoutMs: options.toolTimeoutMs } : {}),
      });
      return result as CallToolResult;
    } catch {
      // Programmer error: BaseTool logged it with its stack. The client gets a protocol error
      // (-32603), never the internals.
      throw fail(
        ErrorCode.InternalError,
        `Tool "${tool.name}" failed with an internal error. This is a bug in the server, not in your input; details are in the server log.`,
      );
    }
  };
  Protocol.prototype.setRequestHandler.call(server, AnyCallToolRequestSchema, handleCall as never);

  return {
    server,
    tools: definitions,
    connect: (transport) => server.connect(transport),
    close: () => server.close(),
  };
}
