/**
 * Resources, resource templates, prompts, completions and logging, served the way tools are:
 * generated definitions (snapshots), both protocol eras, invalid requests answered with what to
 * send instead.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import {
  Client,
  InMemoryTransport,
  ProtocolError,
  StreamableHTTPClientTransport,
  type LoggingMessageNotification,
} from '@modelcontextprotocol/client';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { createFixtureContext, ShelfStatsResource } from '../__fixtures__/fixture-context.ts';
import { createFixtureDeps, createFixtureTools, type FixtureDeps } from '../__fixtures__/fixture-tools.ts';
import { ToolDefinitionError } from '../errors/tool-definition-error.ts';
import { silentLogger } from '../logging/logger.ts';
import { BaseResource, defineResourceMetadata, type ResourceContext } from '../resource/base-resource.ts';
import { ToolRegistry } from '../registry/tool-registry.ts';
import type { ToolSelection } from '../registry/tool-selection.ts';
import { createMcpServer, createMcpServerFactory } from './create-mcp-server.ts';

const toolsets = [
  { id: 'books', description: 'Read books', default: true },
  { id: 'books_write', description: 'Change books', default: true },
  { id: 'utility', description: 'Utilities', default: false },
];

const SECRET = 'tok_9f8e7d6c5b4a';

/** Logs a line at every level, one of them carrying the token, when read. */
class NoisyResource extends BaseResource<FixtureDeps> {
  static override readonly METADATA = defineResourceMetadata({
    uri: 'books://noisy',
    name: 'noisy',
    description: 'Logs at every level when read.',
    toolset: 'books',
  });

  read(ctx: ResourceContext<FixtureDeps>) {
    ctx.logger.debug('debug line');
    ctx.logger.info('info line');
    ctx.logger.warn('warn line', { header: `Bearer ${SECRET}`, apiToken: 'x-secret-value' });
    ctx.logger.error('error line', { error: new Error(`open '${process.cwd()}/data.json' failed`) });
    return 'ok';
  }
}

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

type Era = 'legacy' | 'modern';

function registry() {
  const { resources, prompts } = createFixtureContext();
  return new ToolRegistry<FixtureDeps>({ toolsets })
    .register(...createFixtureTools().filter((t) => t.name !== 'slow_count'))
    .registerResources(...resources, new NoisyResource())
    .registerPrompts(...prompts);
}

async function connect(era: Era, selection?: ToolSelection) {
  const options = {
    name: 'fixture',
    version: '1.0.0',
    registry: registry(),
    deps: createFixtureDeps(),
    logger: silentLogger,
    secrets: () => [SECRET],
    ...(selection ? { selection } : {}),
  };
  const logs: LoggingMessageNotification['params'][] = [];
  const client = new Client(
    { name: 'context-test', version: '1.0.0' },
    { versionNegotiation: { mode: era === 'modern' ? { pin: '2026-07-28' } : 'legacy' } },
  );
  client.setNotificationHandler(
    'notifications/message',
    (notification) => void logs.push(notification.params),
  );
  if (era === 'modern') {
    const factory = createMcpServerFactory(options);
    const handler = createMcpHandler((ctx) => factory.create(ctx), { legacy: 'reject' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL('http://fixture.test/mcp'), {
        fetch: (url, init) => handler.fetch(new Request(url, init)),
      }),
    );
    closers.push(
      () => client.close(),
      () => handler.close(),
    );
  } else {
    const mcp = createMcpServer(options);
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await mcp.connect(serverTransport);
    await client.connect(clientTransport);
    closers.push(
      () => client.close(),
      () => mcp.close(),
    );
  }
  return { client, logs };
}

const withoutMeta = <T extends object>(value: T) => {
  const { _meta, ...rest } = value as Record<string, unknown>;
  return rest;
};

describe('generated definitions', () => {
  it('match the snapshots', () => {
    const { resources, prompts } = createFixtureContext();
    expect([...resources, ...prompts].map((item) => item.getDefinition())).toMatchSnapshot();
  });

  it('refuse what a client could not use, at registration', () => {
    expect(() =>
      new ToolRegistry<FixtureDeps>({ toolsets }).registerResources(
        new ShelfStatsResource(),
        new ShelfStatsResource(),
      ),
    ).toThrow(ToolDefinitionError);
    expect(() =>
      defineResourceMetadata({ uri: 'books://{id}', name: 'x', description: 'x', toolset: 'books' }),
    ).toThrow(/without template variables/);
  });
});

describe.each<Era>(['legacy', 'modern'])('resources, prompts and completions (%s era)', (era) => {
  it('lists resources, including those a template lists, and its templates', async () => {
    const { client } = await connect(era);
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual([
      'books://noisy',
      'books://stats',
      'books://books/b1',
      'books://books/b2',
      'books://books/b3',
    ]);
    expect((await client.listResourceTemplates()).resourceTemplates).toEqual([
      expect.objectContaining({
        uriTemplate: 'books://books/{id}',
        name: 'book',
        mimeType: 'application/json',
      }),
    ]);
  });

  it('reads a fixed resource and a templated one as JSON', async () => {
    const { client } = await connect(era);
    const stats = await client.readResource({ uri: 'books://stats' });
    expect(JSON.parse((stats.contents[0] as { text: string }).text)).toEqual({
      books: 3,
      byCountry: { PT: 2, RU: 1 },
    });
    const book = await client.readResource({ uri: 'books://books/b2' });
    expect(book.contents[0]).toMatchObject({ uri: 'books://books/b2', mimeType: 'application/json' });
    expect(JSON.parse((book.contents[0] as { text: string }).text)).toMatchObject({ title: 'Book 2' });
  });

  it('answers an unknown URI and bad template variables with what can be read', async () => {
    const { client } = await connect(era);
    const missing = await client.readResource({ uri: 'books://nothing' }).catch((e: unknown) => e);
    expect(ProtocolError.isInstance(missing)).toBe(true);
    expect((missing as ProtocolError).code).toBe(-32602);
    expect((missing as ProtocolError).message).toContain('books://books/{id}');
    const bad = await client.readResource({ uri: 'books://books/nine' }).catch((e: unknown) => e);
    expect((bad as ProtocolError).code).toBe(-32602);
    expect((bad as ProtocolError).message).toContain('- id: Use a book id such as "b1".');
  });

  it('renders a prompt and names bad or missing arguments', async () => {
    const { client } = await connect(era);
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => withoutMeta(p))).toEqual([
      {
        name: 'review_book',
        title: 'Review a book',
        description: 'Asks the model for a short review of one book, with its details filled in.',
        arguments: [
          { name: 'bookId', description: 'The book to review, e.g. "b1"', required: true },
          { name: 'tone', description: 'How the review should sound', required: false },
        ],
      },
    ]);
    const rendered = await client.getPrompt({
      name: 'review_book',
      arguments: { bookId: 'b1', tone: 'critical' },
    });
    expect(rendered.messages).toEqual([
      {
        role: 'user',
        content: { type: 'text', text: 'Write a critical review of "Book 1" by Author 1 (2001).' },
      },
    ]);
    const bad = await client
      .getPrompt({ name: 'review_book', arguments: { tone: 'rude' } })
      .catch((e: unknown) => e);
    expect((bad as ProtocolError).code).toBe(-32602);
    expect((bad as ProtocolError).message).toMatch(/bookId/);
    expect((bad as ProtocolError).message).toMatch(/"friendly", "critical"/);
    const unknown = await client.getPrompt({ name: 'review_bok' }).catch((e: unknown) => e);
    expect((unknown as ProtocolError).message).toContain('Did you mean "review_book"?');
  });

  it('completes prompt arguments and template variables', async () => {
    const { client } = await connect(era);
    const ids = await client.complete({
      ref: { type: 'ref/prompt', name: 'review_book' },
      argument: { name: 'bookId', value: 'b' },
    });
    expect(ids.completion).toMatchObject({ values: ['b1', 'b2', 'b3'], total: 3, hasMore: false });
    const tone = await client.complete({
      ref: { type: 'ref/prompt', name: 'review_book' },
      argument: { name: 'tone', value: 'cr' },
    });
    expect(tone.completion.values).toEqual(['critical']);
    const variable = await client.complete({
      ref: { type: 'ref/resource', uri: 'books://books/{id}' },
      argument: { name: 'id', value: 'b2' },
    });
    expect(variable.completion.values).toEqual(['b2']);
    const wrong = await client
      .complete({ ref: { type: 'ref/prompt', name: 'review_book' }, argument: { name: 'colour', value: '' } })
      .catch((e: unknown) => e);
    expect((wrong as ProtocolError).message).toContain('Arguments: bookId, tone.');
  });

  it('serves resources and prompts of enabled toolsets only', async () => {
    const { client } = await connect(era, { toolsets: ['books_write'] });
    const capabilities = client.getServerCapabilities();
    expect(capabilities?.resources).toBeUndefined();
    expect(capabilities?.prompts).toBeUndefined();
  });
});

describe('logging to the client', () => {
  it('sends warnings and errors by default, everything after logging/setLevel, with secrets redacted (2025-11-25)', async () => {
    const { client, logs } = await connect('legacy');
    await client.readResource({ uri: 'books://noisy' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(logs.map((l) => l.level)).toEqual(['warning', 'error']);
    const warning = JSON.stringify(logs[0]);
    expect(warning).not.toContain(SECRET);
    expect(warning).not.toContain('x-secret-value');
    expect(logs[0]).toMatchObject({ logger: 'fixture', data: { message: 'warn line' } });
    logs.length = 0;
    await client.setLoggingLevel('debug');
    await client.readResource({ uri: 'books://noisy' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(logs.map((l) => l.level)).toEqual(['debug', 'info', 'warning', 'error']);
  });

  it.each(['legacy', 'modern'] as const)(
    'sends an Error as its name and message, never its stack or file paths (%s)',
    async (era) => {
      const { client, logs } = await connect(era);
      // A 2026-07-28 client is sent the levels its request asks for; a 2025 one warning and above.
      const _meta = era === 'modern' ? { 'io.modelcontextprotocol/logLevel': 'warning' } : undefined;
      await client.readResource({ uri: 'books://noisy', ...(_meta ? { _meta } : {}) });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(logs.find((l) => l.level === 'error')?.data).toEqual({
        message: 'error line',
        error: { name: 'Error', message: "open '[path]' failed" },
      });
      const text = JSON.stringify(logs);
      expect(text).not.toContain('stack');
      expect(text).not.toContain(process.cwd());
      expect(text).not.toMatch(/\/work\/|file:|\.ts:\d+|node:internal/);
    },
  );

  it('sends a crashed tool call as the error name and message, never its stack or file paths', async () => {
    const { client, logs } = await connect('legacy', { toolsets: ['all'] });
    await expect(client.callTool({ name: 'buggy', arguments: {} })).rejects.toThrow('internal error');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(logs).toEqual([
      expect.objectContaining({
        level: 'error',
        data: expect.objectContaining({
          message: 'tool call crashed (programmer error)',
          error: { name: 'TypeError', message: "Cannot read properties of undefined (reading 'length')" },
        }),
      }),
    ]);
    const text = JSON.stringify(logs);
    expect(text).not.toContain('stack');
    expect(text).not.toMatch(/\/work\/|file:|\.ts:\d+|node:internal/);
  });

  it('follows the level a 2026-07-28 request asks for', async () => {
    const { client, logs } = await connect('modern');
    await client.readResource({
      uri: 'books://noisy',
      _meta: { 'io.modelcontextprotocol/logLevel': 'info' },
    });
    expect(logs.map((l) => l.level)).toEqual(['info', 'warning', 'error']);
    expect(JSON.stringify(logs)).not.toContain(SECRET);
  });
});
