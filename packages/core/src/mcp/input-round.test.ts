/**
 * Client input in multi-round-trip requests, over Streamable HTTP on 127.0.0.1: raw 2026-07-28
 * JSON-RPC (rounds, requestState, -32021), the SDK v2 client of both eras answering the questions
 * itself, and what else a handler can send (binary resources, prompt content, subscriptions).
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { silentLogger } from '../logging/logger.ts';
import { BasePrompt, definePromptMetadata, type PromptContext } from '../prompt/base-prompt.ts';
import { ToolRegistry } from '../registry/tool-registry.ts';
import { BaseResource, defineResourceMetadata } from '../resource/base-resource.ts';
import { BaseTool } from '../tool/base-tool.ts';
import { MissingClientCapabilityError } from '../tool/client-input.ts';
import type { ToolContext } from '../tool/tool-context.ts';
import { defineToolMetadata } from '../tool/tool-metadata.ts';
import type { McpServerOptions } from './create-mcp-server.ts';
import { serveHttp, type HttpServeOptions, type RunningHttpServer } from './streamable-http.ts';

const MODERN = '2026-07-28';
type Deps = { writes: string[] };

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.allSettled(cleanup.splice(0).map((close) => close()));
});

const NoParams = z.object({});
const form = (field: string) => ({
  type: 'object' as const,
  properties: { [field]: { type: 'string' } },
  required: [field],
});

/** Asks two questions one after the other, then writes: two rounds, one write. */
class RenameTool extends BaseTool<Deps, typeof RenameParams> {
  static override readonly METADATA = defineToolMetadata({
    name: 'rename',
    description: '[Utility/Ask] Asks for a name, then for a confirmation, then renames.',
    category: 'utility',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  });
  override getParamsSchema() {
    return RenameParams;
  }
  async execute({ id }: z.output<typeof RenameParams>, ctx: ToolContext<Deps>) {
    if (!ctx.elicit) return 'no user to ask';
    const name = await ctx.elicit({ message: `New name for ${id}?`, requestedSchema: form('name') });
    if (name.action !== 'accept') return `rename ${name.action}ed`;
    const sure = await ctx.elicit({
      message: `Rename ${id} to ${String(name.content.name)}?`,
      requestedSchema: form('ok'),
    });
    if (sure.action !== 'accept') return 'not renamed';
    ctx.deps.writes.push(`${id}→${String(name.content.name)}`);
    return `renamed ${id} to ${String(name.content.name)}`;
  }
}
const RenameParams = z.object({ id: z.string() });

/** Asks the user, the model and the roots together: one round. */
class GreetTool extends BaseTool<Deps, typeof NoParams> {
  static override readonly METADATA = defineToolMetadata({
    name: 'greet',
    description: '[Utility/Ask] Greets the user in the words of the client model.',
    category: 'utility',
    annotations: { readOnlyHint: true },
  });
  override getParamsSchema() {
    return NoParams;
  }
  async execute(_: unknown, ctx: ToolContext<Deps>) {
    if (!ctx.elicit || !ctx.sample || !ctx.listRoots) {
      throw new MissingClientCapabilityError({ elicitation: {}, sampling: {}, roots: {} });
    }
    const [name, words, roots] = await Promise.all([
      ctx.elicit({ key: 'user_name', message: 'Your name?', requestedSchema: form('name') }),
      ctx.sample({
        key: 'greeting',
        messages: [{ role: 'user', content: { type: 'text', text: 'A greeting, please' } }],
        maxTokens: 20,
      }),
      ctx.listRoots({ key: 'roots' }),
    ]);
    const who = name.action === 'accept' ? String(name.content.name) : 'stranger';
    const text = words.content.type === 'text' ? words.content.text : '?';
    return `${text}, ${who} (${roots.map((r) => r.uri).join(' ')})`;
  }
}

/** Cannot work without the client's model. */
class SummarizeTool extends BaseTool<Deps, typeof NoParams> {
  static override readonly METADATA = defineToolMetadata({
    name: 'summarize',
    description: '[Utility/Ask] Summarizes with the client model.',
    category: 'utility',
    annotations: { readOnlyHint: true },
  });
  override getParamsSchema() {
    return NoParams;
  }
  async execute(_: unknown, ctx: ToolContext<Deps>) {
    if (!ctx.sample) throw new MissingClientCapabilityError({ sampling: {} });
    const answer = await ctx.sample({
      messages: [{ role: 'user', content: { type: 'text', text: 'Summarize' } }],
      maxTokens: 10,
    });
    return answer.content.type === 'text' ? answer.content.text : '';
  }
}

class LogoResource extends BaseResource<Deps> {
  static override readonly METADATA = defineResourceMetadata({
    uri: 'test://logo',
    name: 'logo',
    description: 'The logo (PNG bytes).',
    mimeType: 'image/png',
    toolset: 'utility',
  });
  read() {
    return new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255]);
  }
}

class StatusResource extends BaseResource<Deps> {
  static override readonly METADATA = defineResourceMetadata({
    uri: 'test://status',
    name: 'status',
    description: 'Changes while the server runs.',
    mimeType: 'text/plain',
    toolset: 'utility',
    subscribe: true,
  });
  read() {
    return 'green';
  }
}

class ReviewPrompt extends BasePrompt<Deps, typeof NoParams> {
  static override readonly METADATA = definePromptMetadata({
    name: 'review',
    description: 'Asks what to focus on, then shows the logo and the focus.',
    toolset: 'utility',
  });
  getArgsSchema() {
    return NoParams;
  }
  async render(_: unknown, ctx: PromptContext<Deps>) {
    const focus = ctx.elicit
      ? await ctx.elicit({ key: 'focus', message: 'Focus on?', requestedSchema: form('focus') })
      : undefined;
    return {
      messages: [
        {
          role: 'user' as const,
          content: { type: 'image' as const, data: 'iVBORw0=', mimeType: 'image/png' },
        },
        {
          role: 'user' as const,
          text: `Focus: ${focus?.action === 'accept' ? String(focus.content.focus) : 'anything'}`,
        },
      ],
    };
  }
}

function registry() {
  return new ToolRegistry<Deps>()
    .register(new RenameTool(), new GreetTool(), new SummarizeTool())
    .registerResources(new LogoResource(), new StatusResource())
    .registerPrompts(new ReviewPrompt());
}

async function serve(
  options: HttpServeOptions & Partial<McpServerOptions<Deps>> = {},
  reg = registry(),
  deps: Deps = { writes: [] },
) {
  const server: RunningHttpServer = await serveHttp({
    name: 'input-rounds',
    version: '1.0.0',
    registry: reg,
    deps,
    logger: silentLogger,
    port: 0,
    ...options,
  });
  cleanup.push(() => server.close());
  return { server, deps, registry: reg };
}

type Capabilities = Record<string, object>;
interface RpcAnswer {
  status: number;
  result?: Record<string, unknown> & {
    resultType?: string;
    inputRequests?: Record<string, { method: string; params: Record<string, unknown> }>;
    requestState?: string;
    content?: { type: string; text: string }[];
  };
  error?: { code: number; message: string; data?: Record<string, unknown> };
}

/** One raw 2026-07-28 request declaring `capabilities`. */
async function post(
  url: string,
  method: string,
  params: Record<string, unknown>,
  capabilities: Capabilities = { elicitation: {}, sampling: {}, roots: {} },
): Promise<RpcAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': MODERN,
      'mcp-method': method,
      ...(typeof params.name === 'string' ? { 'mcp-name': params.name } : {}),
      ...(typeof params.uri === 'string' ? { 'mcp-name': params.uri } : {}),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method,
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': MODERN,
          'io.modelcontextprotocol/clientCapabilities': capabilities,
        },
      },
    }),
  });
  const text = await response.text();
  const json = (response.headers.get('content-type') ?? '').includes('text/event-stream')
    ? JSON.parse(
        text
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .at(-1)!
          .slice(6),
      )
    : JSON.parse(text);
  return { status: response.status, ...json };
}

const call = (
  url: string,
  name: string,
  args: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) => post(url, 'tools/call', { name, arguments: args, ...extra });

const accept = (content: Record<string, unknown>) => ({ action: 'accept', content });

describe('multi-round-trip requests, 2026-07-28 on the wire', () => {
  it('asks one question per round and carries earlier answers in the signed requestState', async () => {
    const { server, deps } = await serve();
    const round1 = await call(server.url, 'rename', { id: 'A-1' });
    expect(round1.result).toMatchObject({
      resultType: 'input_required',
      inputRequests: {
        'elicit-1': { method: 'elicitation/create', params: { message: 'New name for A-1?' } },
      },
    });
    expect(typeof round1.result!.requestState).toBe('string');

    const round2 = await call(
      server.url,
      'rename',
      { id: 'A-1' },
      {
        inputResponses: { 'elicit-1': accept({ name: 'Bravo' }) },
        requestState: round1.result!.requestState,
      },
    );
    expect(round2.result?.inputRequests).toEqual({
      'elicit-2': expect.objectContaining({
        params: expect.objectContaining({ message: 'Rename A-1 to Bravo?' }),
      }),
    });
    expect(round2.result!.requestState).not.toBe(round1.result!.requestState);
    expect(deps.writes).toEqual([]); // nothing written while questions are open

    // Round 3 carries only the second answer: the first comes back from the state.
    const round3 = await call(
      server.url,
      'rename',
      { id: 'A-1' },
      {
        inputResponses: { 'elicit-2': accept({ ok: 'yes' }) },
        requestState: round2.result!.requestState,
      },
    );
    expect(round3.result?.content?.[0]?.text).toBe('renamed A-1 to Bravo');
    expect(deps.writes).toEqual(['A-1→Bravo']);

    // Without the state the first answer is gone: the server asks for it again, writes nothing.
    const forgetful = await call(
      server.url,
      'rename',
      { id: 'A-1' },
      {
        inputResponses: { 'elicit-2': accept({ ok: 'yes' }) },
      },
    );
    expect(Object.keys(forgetful.result?.inputRequests ?? {})).toEqual(['elicit-1']);
    expect(deps.writes).toHaveLength(1);
  });

  it('sends questions asked together in one round, under their own keys', async () => {
    const { server } = await serve();
    const round1 = await call(server.url, 'greet', {});
    expect(round1.result?.inputRequests).toEqual({
      user_name: expect.objectContaining({ method: 'elicitation/create' }),
      greeting: expect.objectContaining({
        method: 'sampling/createMessage',
        params: expect.objectContaining({ maxTokens: 20 }),
      }),
      roots: expect.objectContaining({ method: 'roots/list' }),
    });
    // A partial answer re-asks only what is missing; garbage counts as missing.
    const partial = await call(
      server.url,
      'greet',
      {},
      {
        inputResponses: { user_name: accept({ name: 'Ann' }), greeting: 12345 },
        requestState: round1.result!.requestState,
      },
    );
    expect(Object.keys(partial.result?.inputRequests ?? {}).sort()).toEqual(['greeting', 'roots']);
    const done = await call(
      server.url,
      'greet',
      {},
      {
        inputResponses: {
          greeting: { role: 'assistant', content: { type: 'text', text: 'Hi there' }, model: 'test-model' },
          roots: { roots: [{ uri: 'file:///work', name: 'work' }] },
        },
        requestState: partial.result!.requestState,
      },
    );
    expect(done.result?.content?.[0]?.text).toBe('Hi there, Ann (file:///work)');
  });

  it('refuses tampered state, and state minted for another call', async () => {
    const { server, deps } = await serve();
    const round1 = await call(server.url, 'rename', { id: 'A-1' });
    const state = round1.result!.requestState!;
    const tampered = `${state.slice(0, -3)}${state.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    const forged = await call(
      server.url,
      'rename',
      { id: 'A-1' },
      {
        inputResponses: { 'elicit-1': accept({ name: 'X' }) },
        requestState: tampered,
      },
    );
    expect(forged.error).toMatchObject({ code: -32602, message: expect.stringMatching(/requestState/) });

    const round2 = await call(
      server.url,
      'rename',
      { id: 'A-1' },
      {
        inputResponses: { 'elicit-1': accept({ name: 'Bravo' }) },
        requestState: state,
      },
    );
    // The answers so far belong to A-1: replaying them into a call about B-2 is refused.
    const replayed = await call(
      server.url,
      'rename',
      { id: 'B-2' },
      {
        inputResponses: { 'elicit-2': accept({ ok: 'yes' }) },
        requestState: round2.result!.requestState,
      },
    );
    expect(replayed.error?.code).toBe(-32602);
    expect(replayed.error?.message).toMatch(/belongs to another request.*without requestState/);
    expect(deps.writes).toEqual([]);
  });

  it('lets replicas that share the secret serve later rounds, and only those', async () => {
    const secret = 'a-shared-secret-of-at-least-32-bytes!';
    const deps: Deps = { writes: [] };
    const a = await serve({ requestStateSecret: secret }, registry(), deps);
    const b = await serve({ requestStateSecret: secret }, registry(), deps);
    const stranger = await serve({}, registry(), deps);
    const round1 = await call(a.server.url, 'rename', { id: 'A-1' });
    const next = {
      inputResponses: { 'elicit-1': accept({ name: 'Bravo' }) },
      requestState: round1.result!.requestState,
    };
    expect((await call(b.server.url, 'rename', { id: 'A-1' }, next)).result?.inputRequests).toHaveProperty(
      'elicit-2',
    );
    expect((await call(stranger.server.url, 'rename', { id: 'A-1' }, next)).error?.code).toBe(-32602);
  });

  it('asks only what the client declared, and answers a missing capability with -32021 and HTTP 400', async () => {
    const { server } = await serve();
    const samplingOnly = await post(
      server.url,
      'tools/call',
      { name: 'rename', arguments: { id: 'A-1' } },
      { sampling: {} },
    );
    expect(samplingOnly.result?.content?.[0]?.text).toBe('no user to ask');

    const missing = await post(
      server.url,
      'tools/call',
      { name: 'summarize', arguments: {} },
      { elicitation: {} },
    );
    expect(missing.status).toBe(400);
    expect(missing.error).toMatchObject({
      code: -32021,
      message: expect.stringContaining('"sampling"'),
      data: { requiredCapabilities: { sampling: {} } },
    });
  });

  it('serves bytes as a base64 blob, prompt messages with images, and prompts that ask first', async () => {
    const { server } = await serve();
    const logo = await post(server.url, 'resources/read', { uri: 'test://logo' });
    expect(logo.result?.contents).toEqual([
      {
        uri: 'test://logo',
        mimeType: 'image/png',
        blob: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 255]).toString('base64'),
      },
    ]);

    const round1 = await post(server.url, 'prompts/get', { name: 'review', arguments: {} });
    expect(round1.result?.inputRequests).toHaveProperty('focus');
    const done = await post(server.url, 'prompts/get', {
      name: 'review',
      arguments: {},
      inputResponses: { focus: accept({ focus: 'naming' }) },
      requestState: round1.result!.requestState,
    });
    expect(done.result?.messages).toEqual([
      { role: 'user', content: { type: 'image', data: 'iVBORw0=', mimeType: 'image/png' } },
      { role: 'user', content: { type: 'text', text: 'Focus: naming' } },
    ]);
  });
});

describe('the SDK v2 client answers the questions itself', () => {
  async function connect(mode: 'legacy' | 'modern', url: string) {
    const client = new Client(
      { name: 'input-test', version: '1.0.0' },
      {
        capabilities: { elicitation: { form: {} }, sampling: {}, roots: {} },
        versionNegotiation: { mode: mode === 'modern' ? { pin: MODERN } : 'legacy' },
      },
    );
    client.setRequestHandler(
      'elicitation/create',
      async (request) =>
        ({
          action: 'accept' as const,
          content: request.params.message === 'Your name?' ? { name: 'Ann' } : { name: 'Bravo', ok: 'yes' },
        }) as { action: 'accept'; content: Record<string, string> },
    );
    client.setRequestHandler('sampling/createMessage', async () => ({
      role: 'assistant',
      content: { type: 'text', text: 'Hello' },
      model: 'scripted',
    }));
    client.setRequestHandler('roots/list', async () => ({ roots: [{ uri: 'file:///repo', name: 'repo' }] }));
    cleanup.push(() => client.close());
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    return client;
  }
  const text = (result: unknown) => (result as { content: { text: string }[] }).content[0]!.text;

  it.each([
    ['2026-07-28', 'modern', false],
    ['2025-11-25 (session)', 'legacy', true],
  ] as const)('%s: batched and sequential questions complete the call', async (_label, mode, stateful) => {
    const { server, deps } = await serve({ stateful });
    const client = await connect(mode, server.url);
    expect(text(await client.callTool({ name: 'greet', arguments: {} }))).toBe('Hello, Ann (file:///repo)');
    expect(text(await client.callTool({ name: 'rename', arguments: { id: 'A-1' } }))).toBe(
      'renamed A-1 to Bravo',
    );
    expect(deps.writes).toEqual(['A-1→Bravo']);
  });

  it('tells a 2025-11-25 subscriber when the app announces a change, and stops after unsubscribe', async () => {
    const { server, registry: reg } = await serve({ stateful: true });
    const client = await connect('legacy', server.url);
    expect(client.getServerCapabilities()?.resources).toMatchObject({ subscribe: true });
    const updates: string[] = [];
    client.setNotificationHandler('notifications/resources/updated', (notification) => {
      updates.push(notification.params.uri);
    });
    await expect(client.subscribeResource({ uri: 'test://logo' })).rejects.toThrow(
      /cannot be subscribed.*test:\/\/status/,
    );
    await client.subscribeResource({ uri: 'test://status' });
    // The notification rides the session's GET stream, which the client opens in the background:
    // announce until one arrives.
    for (let i = 0; i < 100 && updates.length === 0; i++) {
      reg.resourceUpdated('test://status');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(updates[0]).toBe('test://status');
    await client.unsubscribeResource({ uri: 'test://status' });
    const before = updates.length;
    reg.resourceUpdated('test://status');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(updates).toHaveLength(before);
  });

  it('tells a 2026-07-28 subscriptions/listen stream when the app announces a change', async () => {
    const { server, registry: reg } = await serve();
    const discover = await post(server.url, 'server/discover', {});
    expect(discover.result).toMatchObject({ capabilities: { resources: { subscribe: true } } });
    const aborted = new AbortController();
    cleanup.push(async () => aborted.abort());
    const response = await fetch(server.url, {
      method: 'POST',
      signal: aborted.signal,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': MODERN,
        'mcp-method': 'subscriptions/listen',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 9,
        method: 'subscriptions/listen',
        params: {
          notifications: { resourceSubscriptions: ['test://status'] },
          _meta: {
            'io.modelcontextprotocol/protocolVersion': MODERN,
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      }),
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const frames: { method?: string; params?: { uri?: string } }[] = [];
    let buffered = '';
    const next = async () => {
      for (;;) {
        const line = buffered.split('\n').find((l) => l.startsWith('data: '));
        if (line) {
          buffered = buffered.slice(buffered.indexOf(line) + line.length + 1);
          frames.push(JSON.parse(line.slice(6)));
          return frames.at(-1)!;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended after ${JSON.stringify(frames)}`);
        buffered += new TextDecoder().decode(value);
      }
    };
    expect((await next()).method).toBe('notifications/subscriptions/acknowledged');
    reg.resourceUpdated('test://logo'); // not subscribed on this stream
    reg.resourceUpdated('test://status');
    expect(await next()).toMatchObject({
      method: 'notifications/resources/updated',
      params: { uri: 'test://status' },
    });
  });
});
