/**
 * `maxBodyBytes`: a successful answer's body read only up to a limit, against a real HTTP server on
 * 127.0.0.1 that streams bodies of any size, with or without a Content-Length, and counts what it
 * managed to write before the client stopped reading.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import fc from 'fast-check';
import { BodyTooLargeError } from '../errors/body-too-large-error.ts';
import { createHttpClient } from './http-client.ts';

let server: Server;
let baseUrl: string;
let written = 0;
let requests = 0;
const sockets = new Set<Socket>();

beforeAll(async () => {
  server = createServer((req, res) => {
    requests += 1;
    const url = new URL(req.url!, 'http://x');
    const size = Number(url.searchParams.get('size'));
    const status = Number(url.searchParams.get('status') ?? 200);
    const headers: Record<string, string> = { 'content-type': 'application/octet-stream' };
    if (url.searchParams.has('length')) headers['content-length'] = String(size);
    written = 0;
    res.writeHead(status, headers);
    const chunk = Buffer.alloc(1000, 7);
    const pump = () => {
      while (written < size && !res.destroyed) {
        const piece = chunk.subarray(0, Math.min(chunk.length, size - written));
        written += piece.length;
        if (!res.write(piece)) return void res.once('drain', pump);
      }
      res.end();
    };
    pump();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

const client = () => createHttpClient({ baseUrl, retry: { limit: 2, baseDelayMs: 1, backoffLimitMs: 5 } });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('createHttpClient: maxBodyBytes', () => {
  it('returns a body of exactly the limit, with or without a Content-Length', async () => {
    for (const length of ['', '&length']) {
      const { data } = await client().get<Uint8Array>(`/?size=5000${length}`, {
        responseType: 'bytes',
        maxBodyBytes: 5000,
      });
      expect(data.byteLength).toBe(5000);
    }
  });

  it('refuses a Content-Length above the limit before reading, once (not retried), naming both sizes', async () => {
    const before = requests;
    const error = await failure(
      client().get(`/?size=50000000&length`, { responseType: 'bytes', maxBodyBytes: 5000 }),
    );
    expect(BodyTooLargeError.isInstance(error)).toBe(true);
    expect((error as BodyTooLargeError).announced).toBe(50_000_000);
    expect((error as Error).message).toBe(
      `The answer to GET ${baseUrl}/?size=50000000&length is 50000000 bytes, more than 5000: none of it was read.`,
    );
    expect(requests - before).toBe(1);
  });

  it('stops a body that streams past the limit without a length, and the server stops soon after', async () => {
    const error = await failure(
      client().get(`/?size=50000000`, { responseType: 'bytes', maxBodyBytes: 5000 }),
    );
    expect(BodyTooLargeError.isInstance(error)).toBe(true);
    expect((error as BodyTooLargeError).announced).toBeUndefined();
    expect((error as Error).message).toContain('is larger than 5000 bytes: reading stopped there.');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(written).toBeLessThan(10_000_000);
  });

  it('reads error answers as usual (the API error, not a size error), and bodies without a limit whole', async () => {
    const error = await failure(
      client().get(`/?size=20000&status=404`, { responseType: 'bytes', maxBodyBytes: 5000 }),
    );
    expect(BodyTooLargeError.isInstance(error)).toBe(false);
    expect((error as { status?: number }).status).toBe(404);
    const { data } = await client().get<Uint8Array>(`/?size=20000`, { responseType: 'bytes' });
    expect(data.byteLength).toBe(20000);
  });

  it('for any size and limit: the whole body at or under the limit, BodyTooLargeError over it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 40_000 }),
        fc.integer({ min: 0, max: 40_000 }),
        fc.boolean(),
        async (size, limit, withLength) => {
          const request = client().get<Uint8Array>(`/?size=${size}${withLength ? '&length' : ''}`, {
            responseType: 'bytes',
            maxBodyBytes: limit,
          });
          if (size <= limit) {
            const { data } = await request;
            expect(data?.byteLength ?? 0).toBe(size);
          } else {
            const error = await failure(request);
            expect(BodyTooLargeError.isInstance(error)).toBe(true);
            expect((error as BodyTooLargeError).announced).toBe(withLength ? size : undefined);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
