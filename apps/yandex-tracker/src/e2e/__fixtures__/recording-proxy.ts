/**
 * A pass-through HTTP proxy in front of the emulator's Yandex OAuth that keeps what went through
 * its token endpoint — requests and answers — so a test knows every Yandex token the servers were
 * given (access and refresh tokens appear in answers only) and can look for them where they must
 * not be.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordingProxy {
  /** `http://127.0.0.1:<port>`: replaces the target's origin in its URLs. */
  readonly origin: string;
  /** Request and answer bodies of every POST whose path ends in `/token`. */
  readonly tokenExchanges: readonly { request: string; answer: string }[];
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

async function body(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const tokenExchanges: { request: string; answer: string }[] = [];
  const server = createServer((request, response) => {
    void (async () => {
      const sent = await body(request);
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (!HOP_BY_HOP.has(name) && typeof value === 'string') headers.set(name, value);
      }
      const answer = await fetch(new URL(request.url ?? '/', target), {
        method: request.method ?? 'GET',
        headers,
        redirect: 'manual',
        ...(sent.length > 0 ? { body: sent } : {}),
      });
      const received = Buffer.from(await answer.arrayBuffer());
      if (request.method === 'POST' && (request.url ?? '').split('?')[0]!.endsWith('/token')) {
        tokenExchanges.push({ request: sent.toString('utf8'), answer: received.toString('utf8') });
      }
      const out: Record<string, string> = {};
      for (const name of ['content-type', 'location', 'www-authenticate']) {
        const value = answer.headers.get(name);
        if (value !== null) out[name] = value;
      }
      response.writeHead(answer.status, out).end(received);
    })().catch((error: unknown) => {
      response.writeHead(502, { 'content-type': 'text/plain' }).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tokenExchanges,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
