import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiClientTuning, apiRequest } from './api-client-settings.ts';
import { createHttpClient } from './http-client.ts';

/** A real API on 127.0.0.1: answers 503 `failures` times per path, then echoes the request. */
let server: Server;
let baseUrl: string;
const seen: { method: string; url: string; body: string; type: string | undefined }[] = [];
const failures = new Map<string, number>([['/flaky', 1]]);

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ method: request.method!, url: request.url!, body, type: request.headers['content-type'] });
      const path = request.url!.split('?')[0]!;
      const left = failures.get(path) ?? 0;
      if (left > 0) {
        failures.set(path, left - 1);
        response.writeHead(503).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('apiClientTuning', () => {
  it('fills the defaults every server shares, and the server’s own concurrency', () => {
    expect(apiClientTuning({}, { concurrency: 5 })).toEqual({
      concurrency: 5,
      timeoutMs: 30_000,
      maxRetryAfterMs: 60_000,
      retry: { limit: 3, baseDelayMs: 500 },
    });
    expect(
      apiClientTuning(
        { concurrency: 2, timeoutMs: 1000, retries: 0, retryBaseDelayMs: 1, maxWaitMs: 5 },
        { concurrency: 5 },
      ),
    ).toEqual({ concurrency: 2, timeoutMs: 1000, maxRetryAfterMs: 5, retry: { limit: 0, baseDelayMs: 1 } });
  });

  it('drives a real client: retries as many times as configured', async () => {
    const client = createHttpClient({
      baseUrl,
      ...apiClientTuning({ retries: 1, retryBaseDelayMs: 1 }, { concurrency: 1 }),
    });
    const before = seen.length;
    await expect(client.request(apiRequest('GET', '/flaky'))).resolves.toMatchObject({ status: 200 });
    expect(seen.slice(before).map((s) => s.url)).toEqual(['/flaky', '/flaky']);
    failures.set('/down', 5);
    const noRetries = createHttpClient({ baseUrl, ...apiClientTuning({ retries: 0 }, { concurrency: 1 }) });
    await expect(noRetries.request(apiRequest('GET', '/down'))).rejects.toThrow();
    expect(failures.get('/down')).toBe(4);
  });
});

describe('apiRequest', () => {
  it('leaves out what is undefined and sends what is given', async () => {
    const client = createHttpClient({ baseUrl, ...apiClientTuning({}, { concurrency: 1 }) });
    const before = seen.length;
    await client.request(
      apiRequest('POST', '/echo', {
        query: { a: 1 },
        json: { name: 'x' },
        signal: undefined,
        contentType: undefined,
      }),
    );
    expect(seen.slice(before)).toEqual([
      { method: 'POST', url: '/echo?a=1', body: '{"name":"x"}', type: 'application/json' },
    ]);
    expect(apiRequest('GET', '/x', { query: undefined, signal: undefined, idempotent: false })).toEqual({
      method: 'GET',
      path: '/x',
      idempotent: false,
    });
  });
});
