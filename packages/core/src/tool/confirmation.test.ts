/**
 * confirmIrreversible through the MCP SDK's real Client over Streamable HTTP on 127.0.0.1: a client
 * with elicitation is asked (yes writes; no and dismiss write nothing and say so), a client without
 * is refused until the call carries `confirm: true`.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { silentLogger } from '../logging/logger.ts';
import { serveHttp } from '../mcp/streamable-http.ts';
import { ToolRegistry } from '../registry/tool-registry.ts';
import { BaseTool } from './base-tool.ts';
import { CONFIRM_DESCRIPTION, confirmIrreversible, confirmParam } from './confirmation.ts';
import type { ToolContext } from './tool-context.ts';
import { defineToolMetadata } from './tool-metadata.ts';

type Deps = { notes: string[] };
const DeleteParams = z.object({ note: z.string(), confirm: confirmParam() });

class DeleteNoteTool extends BaseTool<Deps, typeof DeleteParams> {
  static override readonly METADATA = defineToolMetadata({
    name: 'delete_note',
    description: 'Delete a note.',
    category: 'notes',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
  });
  override getParamsSchema() {
    return DeleteParams;
  }
  async execute(params: z.output<typeof DeleteParams>, ctx: ToolContext<Deps>) {
    if (!ctx.deps.notes.includes(params.note)) return `no note ${params.note}`; // a read, before asking
    await confirmIrreversible(ctx, {
      tool: this.name,
      question: `Delete the note "${params.note}"? It cannot be restored.`,
      confirm: params.confirm,
    });
    ctx.deps.notes.splice(ctx.deps.notes.indexOf(params.note), 1);
    return `deleted ${params.note}`;
  }
}

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.allSettled(cleanup.splice(0).map((close) => close()));
});

type Answer = { action: 'accept'; content: Record<string, never> } | { action: 'decline' | 'cancel' };

async function connect(answer?: Answer) {
  const deps: Deps = { notes: ['groceries', 'ideas'] };
  const server = await serveHttp({
    name: 'notes',
    version: '1.0.0',
    registry: new ToolRegistry<Deps>().register(new DeleteNoteTool()),
    deps,
    logger: silentLogger,
    port: 0,
  });
  cleanup.push(() => server.close());
  const client = new Client(
    { name: 'confirmation-test', version: '1.0.0' },
    {
      capabilities: answer ? { elicitation: { form: {} } } : {},
      versionNegotiation: { mode: { pin: '2026-07-28' } },
    },
  );
  const asked: string[] = [];
  if (answer) {
    client.setRequestHandler('elicitation/create', async (request) => {
      asked.push(request.params.message);
      return answer;
    });
  }
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  cleanup.push(() => client.close());
  const call = async (args: Record<string, unknown>) => {
    const result = (await client.callTool({ name: 'delete_note', arguments: args })) as {
      isError?: boolean;
      content: { text: string }[];
    };
    return { isError: result.isError === true, text: result.content[0]!.text };
  };
  return { deps, asked, call, client };
}

const QUESTION = 'Delete the note "ideas"? It cannot be restored.';

describe('confirmIrreversible', () => {
  it('declares the same short confirm parameter', async () => {
    const { client } = await connect();
    const tool = (await client.listTools()).tools.find((t) => t.name === 'delete_note');
    expect(tool!.inputSchema.properties!['confirm']).toEqual({
      type: 'boolean',
      description: CONFIRM_DESCRIPTION,
    });
  });

  it('asks a client with elicitation, and writes on yes', async () => {
    const { deps, asked, call } = await connect({ action: 'accept', content: {} });
    expect(await call({ note: 'ideas' })).toEqual({ isError: false, text: 'deleted ideas' });
    expect(asked).toEqual([QUESTION]);
    expect(deps.notes).toEqual(['groceries']);
  });

  it.each([
    ['decline', 'declined'],
    ['cancel', 'dismissed the question'],
  ] as const)('writes nothing when the user answers %s, even with confirm: true', async (action, said) => {
    const { deps, asked, call } = await connect({ action });
    const result = await call({ note: 'ideas', confirm: true });
    expect(result).toEqual({
      isError: true,
      text: `Not done: the user ${said} (${QUESTION}). Nothing was changed; do not call delete_note again unless the user asks for it.`,
    });
    expect(asked).toEqual([QUESTION]);
    expect(deps.notes).toEqual(['groceries', 'ideas']);
  });

  it('refuses a client without elicitation until confirm: true, saying what would be done', async () => {
    const { deps, call } = await connect();
    for (const confirm of [undefined, false]) {
      expect(await call({ note: 'ideas', ...(confirm === undefined ? {} : { confirm }) })).toEqual({
        isError: true,
        text: `Not done: this cannot be undone, so it needs the user's approval first. ${QUESTION} Ask the user; if they agree, call delete_note again with the same arguments and confirm: true. Nothing was changed.`,
      });
    }
    expect(deps.notes).toEqual(['groceries', 'ideas']);
    expect(await call({ note: 'ideas', confirm: true })).toEqual({ isError: false, text: 'deleted ideas' });
    expect(deps.notes).toEqual(['groceries']);
  });

  it('asks nothing when the call ends before the change (a read that finds nothing to delete)', async () => {
    const { asked, call } = await connect({ action: 'decline' });
    expect(await call({ note: 'nothing' })).toEqual({ isError: false, text: 'no note nothing' });
    expect(asked).toEqual([]);
  });
});
