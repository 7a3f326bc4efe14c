/**
 * A connection that breaks in the middle of an answer's body, over a real socket (node:http, Node's
 * own fetch): the status and part of the body arrive, then the server destroys the connection. The
 * retry policy says an idempotent request is retried after a network failure, so a GET must be sent
 * again — not fail after the retries are over because the break came after the headers.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NetworkError } from '../errors/network-error.ts';
import { createHttpClient } from './http-client.ts';

interface Seen {
  method: string;
  url: string;
}

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

const BODY = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item ${i}` })) });

/**
 * Answers 200 with a JSON body; for the first `breaks` requests, sends half of it and destroys the
 * socket (`stall`: sends half of it and nothing more).
 */
async function serve(breaks: number, stall = false): Promise<{ baseUrl: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    request.on('end', () => {
      seen.push({ method: request.method ?? '', url: request.url ?? '' });
      response.writeHead(200, {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(BODY)),
      });
      if (seen.length > breaks) {
        response.end(BODY);
        return;
      }
      // Headers and half the body reach the client, then the connection is torn down.
      response.write(BODY.slice(0, BODY.length / 2), () => {
        if (!stall) setTimeout(() => response.socket?.destroy(), 10);
      });
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}/api`, seen };
}

const client = (baseUrl: string, timeoutMs = 5000) =>
  createHttpClient({ baseUrl, retry: { limit: 2, baseDelayMs: 1, backoffLimitMs: 5 }, timeoutMs });

describe('createHttpClient: a connection reset in the middle of the body', () => {
  it('retries a GET whose answer broke off mid-body, and returns the whole answer', async () => {
    const { baseUrl, seen } = await serve(1);
    const res = await client(baseUrl).get<{ items: unknown[] }>('/items');
    expect(res.status).toBe(200);
    expect(res.data.items).toHaveLength(200);
    expect(seen).toEqual([
      { method: 'GET', url: '/api/items' },
      { method: 'GET', url: '/api/items' },
    ]);
  });

  it('retries text and bytes answers the same way', async () => {
    const text = await serve(1);
    expect((await client(text.baseUrl).get('/t', { responseType: 'text' })).data).toBe(BODY);
    expect(text.seen).toHaveLength(2);
  });

  it('says what happened after the retries when every answer breaks off', async () => {
    const { baseUrl, seen } = await serve(Infinity);
    const error = await client(baseUrl)
      .get('/items')
      .then(
        () => undefined,
        (e: unknown) => e as Error,
      );
    expect(NetworkError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ mayHaveSucceeded: false });
    expect(error!.message).toMatch(
      /^GET http:\/\/127\.0\.0\.1:\d+\/api\/items failed: the connection closed while the response was being read \[\w+\] after 3 attempts\. The service may be unreachable; try again later\.$/,
    );
    expect(seen).toHaveLength(3);
  });

  it('does not re-send a POST whose answer broke off: it was answered, so it took effect', async () => {
    const { baseUrl, seen } = await serve(Infinity);
    const error = await client(baseUrl)
      .post('/items', { json: { name: 'x' } })
      .then(
        () => undefined,
        (e: unknown) => e as Error,
      );
    expect(NetworkError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ mayHaveSucceeded: true });
    expect(error!.message).toContain('may have reached the server; it was not re-sent');
    expect(seen).toHaveLength(1);
  });

  it("times out an attempt whose body stalls (the attempt's timeout covers the body) and retries a GET", async () => {
    const { baseUrl, seen } = await serve(1, true);
    const res = await client(baseUrl, 300).get<{ items: unknown[] }>('/items');
    expect(res.data.items).toHaveLength(200);
    expect(seen).toHaveLength(2);
  });
});
