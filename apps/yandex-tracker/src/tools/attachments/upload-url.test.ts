/**
 * tracker_upload_attachment with `url` (url-source.ts), through the MCP client on the emulator,
 * fetching from a real HTTP server on 127.0.0.1: the operator's host list (empty: off), the size
 * limit enforced while reading (exact limit, one byte over, a body with no length, lying lengths),
 * redirects checked again, a slow host cut off by the deadline; and the address rule on its own
 * (a name listed by a wildcard that resolves to loopback is refused at connection time).
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startInProcess, type TrackerHarness } from '../../e2e/__fixtures__/tracker-fixture.ts';
import { isNonPublicAddress } from '@toolsmith/core';
import { guardedLookup, hostListing } from './url-source.ts';

const LIMIT = 1000;
let files: Server;
let port: number;
/** Bytes the file server wrote for the last streamed body. */
let streamed = 0;
const sockets = new Set<Socket>();

let t: TrackerHarness;
let off: TrackerHarness;

function send(res: ServerResponse, body: Buffer | string, type = 'application/octet-stream') {
  res.writeHead(200, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

beforeAll(async () => {
  files = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/notes.txt') return send(res, 'hello from a url', 'text/plain; charset=utf-8');
    if (path === '/exact.bin') return send(res, Buffer.alloc(LIMIT, 1));
    if (path === '/over.bin') return send(res, Buffer.alloc(LIMIT + 1, 1));
    if (path === '/to-same') {
      res.writeHead(301, { location: '/notes.txt' });
      return res.end();
    }
    if (path === '/to-other') {
      // Not on the list (and never looked up: refused before any connection).
      res.writeHead(302, { location: 'http://files.internal.test/notes.txt' });
      return res.end();
    }
    if (path === '/loop') {
      res.writeHead(302, { location: '/loop' });
      return res.end();
    }
    if (path === '/missing') {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('no such file');
    }
    if (path === '/stream.bin') {
      // No length: 100-byte chunks, up to 1 MB, for as long as the client reads.
      streamed = 0;
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      const chunk = Buffer.alloc(100, 2);
      const pump = () => {
        while (streamed < 1_000_000 && !res.destroyed) {
          streamed += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      return pump();
    }
    if (path === '/short-lie') {
      // Announces 500 bytes, sends 10 and hangs up.
      res.writeHead(200, { 'content-length': 500 });
      res.write('0123456789');
      return setTimeout(() => req.socket.destroy(), 50);
    }
    if (path === '/long-lie') {
      // Announces 10 bytes, then writes far more than the limit on the raw socket.
      req.socket.write(
        `HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: 10\r\nconnection: close\r\n\r\n${'x'.repeat(50_000)}`,
      );
      return req.socket.end();
    }
    if (path === '/slow') {
      res.writeHead(200, { 'content-length': LIMIT });
      const timer = setInterval(() => res.write(Buffer.alloc(10, 3)), 300);
      res.once('close', () => clearInterval(timer));
      return;
    }
    res.writeHead(404);
    res.end();
  });
  files.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  port = (files.address() as AddressInfo).port;

  t = await startInProcess({
    env: {
      YANDEX_TRACKER_UPLOAD_URL_HOSTS: '127.0.0.1, localhost, *.example.com',
      YANDEX_TRACKER_UPLOAD_URL_MAX_BYTES: String(LIMIT),
      YANDEX_TRACKER_TIMEOUT_MS: '1500',
    },
  });
  off = await startInProcess({ emulator: t.emulator });
}, 30_000);

afterAll(async () => {
  await off?.close();
  await t?.close();
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => files.close(resolve));
});

const url = (path: string, host = '127.0.0.1') => `http://${host}:${port}${path}`;
const attachmentsOf = (key: string) => {
  const issue = t.emulator.state.issues.find((i) => i.key === key)!;
  return t.emulator.state.attachments.filter((a) => a.issue === issue.id);
};
const uploadsSent = () =>
  t.emulator.requests.filter((r) => r.method === 'POST' && /\/attachments$/.test(r.path)).length;

/** A URL upload the server must refuse or fail without attaching anything; returns the answer. */
async function notAttached(harness: TrackerHarness, args: Record<string, unknown>): Promise<string> {
  const before = { sent: uploadsSent(), files: attachmentsOf('DEMO-3').length };
  const result = await harness.call('tracker_upload_attachment', { issueId: 'DEMO-3', ...args });
  expect(result.isError).toBe(true);
  expect({ sent: uploadsSent(), files: attachmentsOf('DEMO-3').length }).toEqual(before);
  return result.text;
}

describe('tracker_upload_attachment from a url', () => {
  it('attaches a file fetched from a listed host, its type from the name', async () => {
    const result = await t.call('tracker_upload_attachment', {
      issueId: 'DEMO-3',
      filename: 'notes.txt',
      url: url('/notes.txt'),
    });
    expect(result.isError).toBe(false);
    const stored = attachmentsOf('DEMO-3').at(-1)!;
    expect(Buffer.from(stored.content).toString()).toBe('hello from a url');
    expect(stored.mimetype).toBe('text/plain');
  });

  it('takes a file of exactly the limit, and a host listed by name (localhost, loopback)', async () => {
    const result = await t.call('tracker_upload_attachment', {
      issueId: 'DEMO-3',
      filename: 'exact.bin',
      url: url('/exact.bin', 'localhost'),
    });
    expect(result.isError).toBe(false);
    expect(attachmentsOf('DEMO-3').at(-1)!.content.length).toBe(LIMIT);
  });

  it('refuses one byte over the limit by its Content-Length, before reading the body', async () => {
    const text = await notAttached(t, { filename: 'over.bin', url: url('/over.bin') });
    expect(text).toContain(`is ${LIMIT + 1} bytes`);
    expect(text).toContain('YANDEX_TRACKER_UPLOAD_URL_MAX_BYTES');
    expect(text).toContain('none of it was read');
  });

  it('stops a body without a length as soon as it passes the limit', async () => {
    const text = await notAttached(t, { filename: 'stream.bin', url: url('/stream.bin') });
    expect(text).toContain(`sent more than ${LIMIT} bytes`);
    expect(text).toContain('the download was stopped there');
    // The server stopped long before its 1 MB: the client hung up at the limit.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(streamed).toBeLessThan(500_000);
  });

  it('refuses a body that ends before the length it announced (nothing truncated is attached)', async () => {
    const text = await notAttached(t, { filename: 'short.bin', url: url('/short-lie') });
    expect(text).toContain('closed the connection after 10 bytes of the 500 it announced');
  });

  it('reads no more than the announced length when a host sends more', async () => {
    const result = await t.call('tracker_upload_attachment', {
      issueId: 'DEMO-3',
      filename: 'long.txt',
      url: url('/long-lie'),
    });
    expect(result.isError).toBe(false);
    expect(Buffer.from(attachmentsOf('DEMO-3').at(-1)!.content).toString()).toBe('xxxxxxxxxx');
  });

  it('follows a redirect on a listed host, and refuses one to a host not on the list', async () => {
    const same = await t.call('tracker_upload_attachment', {
      issueId: 'DEMO-3',
      filename: 'again.txt',
      url: url('/to-same'),
    });
    expect(same.isError).toBe(false);
    const text = await notAttached(t, { filename: 'other.txt', url: url('/to-other') });
    expect(text).toContain(
      "redirected to http://files.internal.test/notes.txt, which is not on this server's list",
    );
    expect(text).toContain('127.0.0.1, localhost, *.example.com');
  });

  it('gives up after 5 redirects', async () => {
    expect(await notAttached(t, { filename: 'loop.txt', url: url('/loop') })).toContain(
      'redirected more than 5 times',
    );
  });

  it('cuts a slow host off at the deadline', async () => {
    const started = Date.now();
    const text = await notAttached(t, { filename: 'slow.bin', url: url('/slow') });
    expect(text).toContain('did not finish downloading within 1500 ms (YANDEX_TRACKER_TIMEOUT_MS)');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('says what the host answered instead of the file', async () => {
    expect(await notAttached(t, { filename: 'x.txt', url: url('/missing') })).toContain(
      'answered HTTP 404 Not Found, not the file',
    );
  });

  it('refuses hosts not on the list, other schemes, credentials, and a second source', async () => {
    expect(
      await notAttached(t, { filename: 'a.txt', url: 'https://files.internal.test/notes.txt' }),
    ).toContain('the host files.internal.test is not on this server');
    expect(await notAttached(t, { filename: 'a.txt', url: 'ftp://127.0.0.1/a.txt' })).toContain(
      'is not http(s) (ftp:)',
    );
    expect(
      await notAttached(t, { filename: 'a.txt', url: `http://me:secret@127.0.0.1:${port}/notes.txt` }),
    ).toContain('carries a user name or password');
    expect(
      await notAttached(t, { filename: 'a.txt', url: url('/notes.txt'), contentBase64: 'aGk=' }),
    ).toContain('Give exactly one of contentBase64, path and url');
    expect(await notAttached(t, { filename: 'a.txt' })).toContain('Give exactly one: contentBase64');
  });

  it('is off without YANDEX_TRACKER_UPLOAD_URL_HOSTS, and says so', async () => {
    const text = await notAttached(off, { filename: 'notes.txt', url: url('/notes.txt') });
    expect(text).toContain(
      'uploads from a URL are off on this server (YANDEX_TRACKER_UPLOAD_URL_HOSTS lists no host)',
    );
  });
});

describe('the address rule', () => {
  it('lists hosts exactly or by a wildcard for subdomains only', () => {
    const hosts = ['files.example.com', '*.cdn.example.com', '[::1]'];
    expect(hostListing(hosts, 'FILES.example.com.')).toBe('exact');
    expect(hostListing(hosts, 'a.b.cdn.example.com')).toBe('wildcard');
    expect(hostListing(hosts, 'cdn.example.com')).toBe('no');
    expect(hostListing(hosts, 'evilcdn.example.com')).toBe('no');
    expect(hostListing(hosts, '[::1]')).toBe('exact');
  });

  it('treats loopback, private, link-local, mapped and reserved addresses as non-public', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '224.0.0.1',
    ])
      expect([address, isNonPublicAddress(address)]).toEqual([address, true]);
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111'])
      expect([address, isNonPublicAddress(address)]).toEqual([address, false]);
  });

  it('refuses, at connection time, a loopback answer for a name listed only by a wildcard', async () => {
    // "localhost" resolves to 127.0.0.1: listed by "*.localhost" only, it is not named exactly.
    const wildcard = guardedLookup({ hosts: ['*.localhost'], maxBytes: 1, timeoutMs: 1000 });
    const refused = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      wildcard('localhost', { all: true }, (error) => resolve(error)),
    );
    expect(refused?.message).toContain('localhost resolves to 127.0.0.1, which is a loopback, private');
    // Named exactly, the same answer passes.
    const exact = guardedLookup({ hosts: ['localhost'], maxBytes: 1, timeoutMs: 1000 });
    const passed = await new Promise<unknown>((resolve) =>
      exact('localhost', { all: true }, (error, addresses) => resolve(error ?? addresses)),
    );
    expect(passed).toEqual(expect.arrayContaining([{ address: '127.0.0.1', family: 4 }]));
  });
});
