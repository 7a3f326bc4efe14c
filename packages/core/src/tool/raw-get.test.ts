import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { ValidationError } from '../errors/validation-error.ts';
import { createHttpClient } from '../http/http-client.ts';
import { rawGet, type RawGetClient } from './raw-get.ts';

const raw = rawGet({
  endpoints: [
    { path: '/v2/issues/{id}', tool: 'tracker_get_issue' },
    { path: '/v2/issues/{id}/comments', tool: 'tracker_get_comments' },
    { path: '/v2/queues' },
    { path: '/v3/queues/{key}/fields' },
  ],
  example: '/v2/issues/DEMO-1',
});

/** Every request the API got: its Host header and its raw path and query. */
const received: { host: string | undefined; url: string }[] = [];
let server: Server;
let origin: string;
let client: RawGetClient;

beforeAll(async () => {
  server = createServer((request, response) => {
    received.push({ host: request.headers.host, url: request.url ?? '' });
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ url: request.url }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const http = createHttpClient({ baseUrl: `${origin}/api`, retry: { limit: 0 } });
  client = { get: async (path, options) => (await http.get(path, options)).data as never };
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received.length = 0;
});

/** The refusal's text, or the API's answer. */
async function attempt(path: string, query?: Record<string, string | number>): Promise<string> {
  try {
    return JSON.stringify(await raw.read(client, { path, query }));
  } catch (error) {
    if (error instanceof ValidationError) return `refused: ${error.message}`;
    throw error;
  }
}

describe('rawGet', () => {
  it('reads an allowed path with its query from the API root', async () => {
    expect(await attempt('/v2/issues/DEMO-1', { expand: 'attachments', perPage: 2 })).toBe(
      '{"url":"/api/v2/issues/DEMO-1?expand=attachments&perPage=2"}',
    );
    expect(await attempt('/v3/queues/DEMO/fields/')).toBe('{"url":"/api/v3/queues/DEMO/fields"}');
    expect(received).toHaveLength(2);
  });

  it('refuses a path not allowed with the allowed patterns and the dedicated tool of its resource', async () => {
    const text = await attempt('/v2/issues/DEMO-1/transitions');
    expect(text).toContain('path: "/v2/issues/DEMO-1/transitions" is not a read endpoint this tool may call');
    expect(text).toContain('/v2/issues/{id}, /v2/issues/{id}/comments, /v2/queues, /v3/queues/{key}/fields.');
    expect(text).toContain(
      'For this resource, tracker_get_issue reads /v2/issues/{id} with checked parameters.',
    );
    expect(await attempt('/v2/boards')).not.toContain('For this resource');
    expect(received).toHaveLength(0);
  });

  it.each([
    ['an absolute URL', 'https://evil.example/v2/queues'],
    ['a protocol-relative URL', '//evil.example/v2/queues'],
    ['a relative path', 'v2/queues'],
    ['a .. segment', '/v2/issues/../queues'],
    ['an encoded .. segment', '/v2/issues/%2e%2E'],
    ['an encoded slash', '/v2/issues/a%2Fb'],
    ['a backslash', '/v2/issues/a\\b'],
    ['an encoded backslash', '/v2/issues/a%5cb'],
    ['a query in the path', '/v2/queues?x=1'],
    ['a broken escape', '/v2/issues/%zz'],
    ['an empty segment', '/v2//queues'],
    ['a tab', '/v2/issues/a\tb'],
  ])('refuses %s before sending anything', async (_name, path) => {
    expect(await attempt(path)).toMatch(/^refused: /);
    expect(received).toHaveLength(0);
  });

  it('never requests anything but the API origin and an allowed path (property)', async () => {
    const piece = fc.oneof(
      fc.constantFrom(
        'v2',
        'v3',
        'issues',
        'queues',
        'fields',
        'comments',
        'DEMO-1',
        '..',
        '.',
        '',
        '%2e',
        '%2E%2e',
        '%2f',
        '%5C',
        '\\',
        '//',
        '@evil.example',
        'evil.example:80',
        'http:',
        'https://evil.example',
        '?',
        '#',
        '%00',
        '%',
        '\t',
        ' ',
        ';x=1',
      ),
      fc.string({ maxLength: 4 }),
    );
    const path = fc
      .tuple(
        fc.constantFrom('/', '', '//', '\\'),
        fc.array(fc.tuple(piece, fc.constantFrom('/', '/', '')), { maxLength: 6 }),
      )
      .map(([start, pieces]) => start + pieces.map(([text, separator]) => text + separator).join(''));
    // Allowed paths in the mix too, so that the property sees requests sent, not only refusals.
    const paths = fc.oneof(
      path,
      fc
        .tuple(
          fc.constantFrom('/v2/issues/', '/v3/queues/'),
          piece,
          fc.constantFrom('', '/comments', '/fields'),
        )
        .map((parts) => parts.join('')),
    );
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(paths, async (requested) => {
        received.length = 0;
        const text = await attempt(requested);
        if (text.startsWith('refused: ')) {
          expect(received).toHaveLength(0);
          return;
        }
        sent += 1;
        expect(received).toHaveLength(1);
        const [request] = received;
        expect(request!.host).toBe(new URL(origin).host);
        expect(request!.url).toBe(`/api${raw.check(requested)}`);
        expect(request!.url).toMatch(
          /^\/api(\/v2\/issues\/[^/]+(\/comments)?|\/v2\/queues|\/v3\/queues\/[^/]+\/fields)$/,
        );
        const id = request!.url.split('/')[4];
        if (id !== undefined) expect(['.', '..', ''].includes(decodeURIComponent(id))).toBe(false);
      }),
      { numRuns: 500 },
    );
    expect(sent).toBeGreaterThan(25);
  });
});
