/**
 * The Bookshelf bin over HTTP against a client that opens 200 request bodies of almost 4 MiB and
 * never finishes them (issue 22): the server's memory stays bounded (64 MiB of bodies by default,
 * the rest refused with 503) and it goes on answering. RSS is read from /proc: Linux only.
 */
import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import {
  emulatorEnv,
  serverEnv,
  spawnServer,
  startEmulator,
  trackResources,
  within,
} from './__fixtures__/bookshelf-fixture.ts';

const resources = trackResources();

const rssMiB = (pid: number) => {
  const kib = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Math.round(Number(kib) / 1024);
};

const BODY = 4 * 1024 * 1024; // the default body limit: each body is within it
const CHUNK = Buffer.alloc(64 * 1024, 'a');

/** Sends the headers and all but the last KiB of a 4 MiB body; resolves once written or refused. */
function unfinishedBody(port: number, sockets: Socket[], statuses: string[]): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    socket.on('error', () => resolve()); // refused: the server closed while we were writing
    socket.once('close', () => resolve());
    socket.once('data', (data: Buffer) => void statuses.push(data.toString('latin1').split(' ')[1] ?? ''));
    socket.write(
      `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: ${BODY}\r\n\r\n`,
    );
    let sent = 0;
    const pump = () => {
      while (sent < BODY - 1024) {
        const part = CHUNK.subarray(0, Math.min(CHUNK.length, BODY - 1024 - sent));
        sent += part.length;
        if (!socket.write(part)) {
          socket.once('drain', pump);
          return;
        }
      }
      resolve();
    };
    pump();
  });
}

describe('Streamable HTTP under 200 unfinished bodies (bookshelf bin)', () => {
  const linux = existsSync('/proc/self/status');

  (linux ? it : it.skip)('keeps memory bounded and goes on serving', async () => {
    const emulator = await startEmulator(resources);
    const server = spawnServer(
      resources,
      ['--transport', 'http', '--port', '0'],
      serverEnv(emulatorEnv(emulator)),
    );
    const [, url] = await within(10_000, 'the listening log line', server.waitForStderr(/"url":"([^"]+)"/));
    const port = Number(new URL(url!).port);
    expect((await fetch(new URL('/health', url))).status).toBe(200);
    const before = rssMiB(server.child.pid!);

    const sockets = resources.add([] as Socket[], (list) => list.forEach((socket) => socket.destroy()));
    const statuses: string[] = [];
    for (let i = 0; i < 200; i++) await unfinishedBody(port, sockets, statuses);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const during = rssMiB(server.child.pid!);

    // 64 MiB of bodies are held (16 of them); every other one was refused (503, then closed; a
    // client still writing may see the close before it reads the answer).
    const open = sockets.filter((socket) => !socket.destroyed).length;
    expect(open).toBeLessThanOrEqual(16);
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['503']));
    expect(during - before).toBeLessThan(200); // unbounded, it was ~800 MiB
    const health = await fetch(new URL('/health', url));
    expect(health.status).toBe(200);
    process.stderr.write(`RSS with 200 unfinished bodies: ${before} → ${during} MiB\n`);
  });
});
