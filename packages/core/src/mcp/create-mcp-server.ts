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
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ToolRegistry, AnyTool } from '../registry/tool-registry.ts';
import { SearchToolsTool } from '../registry/search-tools.tool.ts';
import type { ToolSelection } from '../registry/tool-selection.ts';
import { createStreamLogger, type Logger } from '../logging/logger.ts';
import { createProgressReporter, type ElicitationResult, type ToolContext } from '../tool/tool-context.ts';
import type { ToolDefinition } from '../tool/tool-definition.ts';
import { closestMatches } from '../util/closest-match.ts';

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
 * `tools/call` as the SDK defines it, except that `arguments` may be anything. With the SDK's own
 * schema as the handler's, `"arguments": "Q-1"` fails the protocol's parse and becomes a bare
 * internal error (-32603); past this one, the SDK's `Server` checks the request itself and answers
 * invalid params (-32602) with a message that names `arguments` and what it must be.
 */
const LenientCallToolRequestSchema = CallToolRequestSchema.extend({
  params: CallToolRequestSchema.shape.params.extend({
    arguments: z.unknown(),
  }),
});

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

  server.setRequestHandler(LenientCallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const { name, arguments: args } = request.params;
    const tool = byName.get(name) ?? selected.get(name);
    if (!tool) {
      const reason = selected.disabledReason(name);
      if (reason) return { content: [{ type: 'text', text: reason }], isError: true };
      const near = closestMatches(name, byName.keys());
      throw new McpError(
        ErrorCode.InvalidParams,
        `Unknown tool "${name}".${near.length ? ` Did you mean ${near.map((n) => `"${n}"`).join(', ')}?` : ''} Call tools/list to see the available tools.`,
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
      throw new McpError(
        ErrorCode.InternalError,
        `Tool "${tool.name}" failed with an internal error. This is a bug in the server, not in your input; details are in the server log.`,
      );
    }
  });

  return {
    server,
    tools: definitions,
    connect: (transport) => server.connect(transport),
    close: () => server.close(),
  };
}
