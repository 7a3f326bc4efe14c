import { afterEach, describe, expect, it } from '@jest/globals';
import {
  Client,
  InMemoryTransport,
  ProtocolError,
  StreamableHTTPClientTransport,
  type CallToolResult,
} from '@modelcontextprotocol/client';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { createFixtureDeps, createFixtureTools, type FixtureDeps } from '../__fixtures__/fixture-tools.ts';
import { silentLogger } from '../logging/logger.ts';
import { ToolRegistry } from '../registry/tool-registry.ts';
import type { ToolSelection } from '../registry/tool-selection.ts';
import { BaseTool } from '../tool/base-tool.ts';
import type { ToolContext } from '../tool/tool-context.ts';
import { defineToolMetadata } from '../tool/tool-metadata.ts';
import { createMcpServer, createMcpServerFactory } from './create-mcp-server.ts';

const toolsets = [
  { id: 'books', description: 'Read books', default: true },
  { id: 'books_write', description: 'Change books', default: true },
  { id: 'utility', description: 'Utilities', default: true },
];

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

type Era = 'legacy' | 'modern';

/**
 * A real client connected to the server: `legacy` (2025-11-25) over linked in-memory transports,
 * `modern` (2026-07-28) over Streamable HTTP to the SDK's per-request handler, in process (the
 * transport's fetch calls the handler: HTTP semantics without a socket).
 */
async function connect(
  options: {
    selection?: ToolSelection;
    extraTools?: BaseTool<FixtureDeps>[];
    capabilities?: Record<string, unknown>;
    maxOutputChars?: number;
    era?: Era;
  } = {},
) {
  const registry = new ToolRegistry<FixtureDeps>({ toolsets }).register(
    ...createFixtureTools(),
    ...(options.extraTools ?? []),
  );
  const serverOptions = {
    name: 'fixture',
    version: '1.0.0',
    registry,
    deps: createFixtureDeps(),
    logger: silentLogger,
    ...(options.selection ? { selection: options.selection } : {}),
    ...(options.maxOutputChars ? { maxOutputChars: options.maxOutputChars } : {}),
  };
  const era = options.era ?? 'legacy';
  const client = new Client(
    { name: 'test-client', version: '1.0.0' },
    {
      capabilities: options.capabilities ?? {},
      versionNegotiation: { mode: era === 'modern' ? { pin: '2026-07-28' } : 'legacy' },
    },
  );
  if (era === 'modern') {
    const factory = createMcpServerFactory(serverOptions);
    const handler = createMcpHandler((ctx) => factory.create(ctx), { legacy: 'reject' });
    const transport = new StreamableHTTPClientTransport(new URL('http://fixture.test/mcp'), {
      fetch: (url, init) => handler.fetch(new Request(url, init)),
    });
    await client.connect(transport);
    closers.push(async () => {
      await client.close();
      await handler.close();
    });
    return { client, registry };
  }
  const mcp = createMcpServer(serverOptions);
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await mcp.connect(serverTransport);
  await client.connect(clientTransport);
  closers.push(async () => {
    await client.close();
    await mcp.close();
  });
  return { client, registry };
}

/** A result without `_meta` (2026-07-28 results name the server in it). */
const withoutMeta = (result: Record<string, unknown>) => {
  const { _meta, ...rest } = result;
  return rest;
};

const textOf = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;

describe.each<Era>(['legacy', 'modern'])('createMcpServer, %s era', (era) => {
  it('serves exactly the generated definitions, search_tools first, then by priority', async () => {
    const { client, registry } = await connect({ era });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      'search_tools',
      'get_book',
      'add_book',
      'buggy',
      'failing_api',
      'list_books',
      'slow_count',
    ]);
    for (const tool of tools.slice(1)) {
      expect(tool).toEqual(JSON.parse(JSON.stringify(registry.get(tool.name)!.getDefinition())));
    }
  });

  it('calls a tool', async () => {
    const { client } = await connect({ era });
    const result = await client.callTool({ name: 'get_book', arguments: { id: 'b2', fields: ['title'] } });
    expect(withoutMeta(result)).toEqual({ content: [{ type: 'text', text: '{"title":"Book 2"}' }] });
  });

  it('answers invalid params with isError and per-field messages', async () => {
    const { client } = await connect({ era });
    const result = await client.callTool({
      name: 'list_books',
      arguments: { order: 'rating', limit: 'ten' },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('- order: Invalid value "rating". Valid options: "title", "year".');
    expect(textOf(result)).toContain('- limit: Expected number, received string.');
  });

  it('answers an API error with its recovery message', async () => {
    const { client } = await connect({ era });
    const result = await client.callTool({ name: 'failing_api', arguments: {} });
    expect(withoutMeta(result)).toEqual({
      isError: true,
      content: [
        {
          type: 'text',
          text: 'The API rejected the status "Done". Valid statuses: open, inProgress, closed. (request id: req-42)',
        },
      ],
    });
  });

  it('answers an unknown tool with a protocol error that suggests a name', async () => {
    const { client } = await connect({ era });
    const error = await client.callTool({ name: 'get_bok', arguments: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProtocolError);
    expect((error as ProtocolError).code).toBe(-32602);
    expect((error as ProtocolError).message).toContain('Unknown tool "get_bok". Did you mean "get_book"?');
  });

  it('hides write tools in read-only mode and refuses their calls with the reason', async () => {
    const { client } = await connect({ era, selection: { readOnly: true } });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).not.toContain('add_book');
    expect(tools.every((t) => t.annotations?.readOnlyHint === true)).toBe(true);
    const result = await client.callTool({
      name: 'add_book',
      arguments: { title: 'X', author: { name: 'A', country: 'PT' }, year: 2001 },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('read-only mode');
  });

  it('answers arguments that are not an object with an invalid-params error naming the field', async () => {
    // A malformed request, not a tool's input error: a protocol error (invalid params), not an
    // isError result; checked before the SDK's own schema, so the message says what to fix.
    const { client } = await connect({ era });
    for (const args of ['Q-1', [1, 2], 42, null]) {
      // Client.callTool types arguments as a record; a raw request is what a careless client sends.
      const error = await client
        .request({ method: 'tools/call', params: { name: 'get_book', arguments: args as never } })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProtocolError);
      expect((error as ProtocolError).code).toBe(-32602);
      expect((error as ProtocolError).message).toContain('"arguments"');
      expect((error as ProtocolError).message).toMatch(
        /expected record, received (string|array|number|null)/,
      );
    }
    // and the server goes on serving
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
  });

  it('runs a tool called without arguments (optional in the spec) as if they were {}', async () => {
    const { client } = await connect({ era });
    const result = await client.request({ method: 'tools/call', params: { name: 'list_books' } });
    expect(result.isError).toBeFalsy();
    expect(JSON.parse(textOf(result))).toMatchObject({ total: 3 });
    // a tool with a required parameter answers which field is missing, as with {}
    const missing = await client.request({ method: 'tools/call', params: { name: 'get_book' } });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toContain('- id:');
  });

  it('answers an unknown tool called without arguments with "Unknown tool" (-32602)', async () => {
    const { client } = await connect({ era });
    const error = await client
      .request({ method: 'tools/call', params: { name: 'no_such_tool' } })
      .catch((e: unknown) => e);
    expect((error as ProtocolError).code).toBe(-32602);
    expect((error as ProtocolError).message).toBe(
      'Unknown tool "no_such_tool". Call tools/list to see the available tools.',
    );
  });

  it('answers a call without a tool name with invalid params that say what to send', async () => {
    const { client } = await connect({ era });
    for (const params of [{}, { name: 42 }]) {
      const error = await client
        .request({ method: 'tools/call', params: params as never })
        .catch((e: unknown) => e);
      expect((error as ProtocolError).code).toBe(-32602);
      expect((error as ProtocolError).message).toMatch(
        /^Invalid tools\/call request: "name" must be the tool's name as a string \(received (undefined|number)\)\. Call tools\/list/,
      );
    }
  });

  it('keeps protocol and tool error texts within the output budget', async () => {
    const { client } = await connect({ era, maxOutputChars: 2000 });
    // 1.5 MB: the last call carries it twice, under the HTTP body limit (4 MiB) of the modern era.
    const huge = 'x'.repeat(1_500_000);
    const unknown = await client.callTool({ name: huge, arguments: {} }).catch((e: unknown) => e);
    expect((unknown as ProtocolError).message.length).toBeLessThan(2000);
    expect((unknown as ProtocolError).message).toMatch(/^Unknown tool "x{80}…"\. Call tools\/list/);

    const notFound = await client.callTool({ name: 'get_book', arguments: { id: huge } });
    expect(notFound.isError).toBe(true);
    expect(textOf(notFound).length).toBeLessThanOrEqual(2000);
    expect(textOf(notFound)).toMatch(/^Book "x{80}…" \(1500000 characters\) does not exist\. Did you mean/);

    const invalid = await client.callTool({ name: 'list_books', arguments: { order: huge, [huge]: 1 } });
    expect(textOf(invalid).length).toBeLessThanOrEqual(2000);
    expect(textOf(invalid)).toContain('Fix these fields and call the tool again.');
  });

  it('turns a programmer error into a JSON-RPC internal error without internals', async () => {
    const { client } = await connect({ era });
    const error = await client.callTool({ name: 'buggy', arguments: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProtocolError);
    expect((error as ProtocolError).code).toBe(-32603);
    expect((error as ProtocolError).message).not.toContain('TypeError');
  });

  it('sends progress notifications for a request with a progress token', async () => {
    const { client } = await connect({ era });
    const updates: { progress: number; total?: number; message?: string }[] = [];
    const result = await client.callTool(
      { name: 'slow_count', arguments: { steps: 4, stepMs: 1 } },
      { onprogress: (p) => void updates.push(p) },
    );
    expect(textOf(result)).toBe('counted to 4');
    expect(updates).toEqual([1, 2, 3, 4].map((i) => ({ progress: i, total: 4, message: `step ${i}/4` })));
  });

  it('propagates client cancellation to the tool', async () => {
    const { client, registry } = await connect({ era });
    const controller = new AbortController();
    const call = client.callTool(
      { name: 'slow_count', arguments: { steps: 100, stepMs: 20 } },
      {
        signal: controller.signal,
        onprogress: (p) => {
          if (p.progress === 2) controller.abort();
        },
      },
    );
    await expect(call).rejects.toThrow();
    const tool = registry.get('slow_count') as unknown as { stepsRun: number };
    const atCancel = tool.stepsRun;
    await new Promise((r) => setTimeout(r, 200)); // ten more steps, if the tool were still running
    expect(atCancel).toBeGreaterThanOrEqual(2);
    expect(tool.stepsRun).toBeLessThanOrEqual(atCancel + 1);
  });

  it('offers elicitation to tools when the client supports it', async () => {
    const Params = z.object({});
    class Confirm extends BaseTool<FixtureDeps, typeof Params> {
      static override readonly METADATA = defineToolMetadata({
        name: 'confirm',
        description: '[Utility/Ask] Asks the user.',
        category: 'utility',
        annotations: { readOnlyHint: true },
      });
      override getParamsSchema() {
        return Params;
      }
      async execute(_: unknown, ctx: ToolContext<FixtureDeps>) {
        if (!ctx.elicit) return 'no user available';
        const answer = await ctx.elicit({
          message: 'Proceed?',
          requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
        });
        return answer.action === 'accept'
          ? `user said ${String(answer.content.ok)}`
          : `user chose ${answer.action}`;
      }
    }
    const withElicitation = await connect({
      era,
      extraTools: [new Confirm()],
      capabilities: { elicitation: { form: {} } },
    });
    withElicitation.client.setRequestHandler('elicitation/create', async (request) => {
      expect(request.params.message).toBe('Proceed?');
      return { action: 'accept', content: { ok: true } };
    });
    expect(textOf(await withElicitation.client.callTool({ name: 'confirm', arguments: {} }))).toBe(
      'user said true',
    );

    const without = await connect({ era, extraTools: [new Confirm()] });
    expect(textOf(await without.client.callTool({ name: 'confirm', arguments: {} }))).toBe(
      'no user available',
    );
  });

  it('lets clients discover disabled tools through search_tools', async () => {
    const { client } = await connect({ era, selection: { toolsets: ['utility'] } });
    const result = await client.callTool({ name: 'search_tools', arguments: { query: 'book' } });
    const parsed = JSON.parse(textOf(result));
    const getBook = parsed.results.find((r: { name: string }) => r.name === 'get_book');
    expect(getBook).toMatchObject({
      enabled: false,
      enable: expect.stringContaining('--toolsets default,books'),
    });
  });
});
