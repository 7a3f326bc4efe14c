/**
 * A pass-through HTTP proxy between one replica and the API emulator that can catch that replica's
 * next API request and hold it: the replica is then, for certain, in the middle of a tool call —
 * the moment the scale run kills it. Everything else is forwarded unchanged.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ApiTap {
  /** Base URL to give the replica instead of the emulator's. */
  readonly url: string;
  /** Resolves when the next request arrives; that request is held, never answered. */
  catchNext(): Promise<void>;
  close(): Promise<void>;
}

export async function startApiTap(target: string): Promise<ApiTap> {
  const upstream = new URL(target);
  let catching: (() => void) | undefined;
  const held: ServerResponse[] = [];

  const forward = (req: IncomingMessage, res: ServerResponse) => {
    const outgoing = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    outgoing.on('error', () => res.destroy());
    req.pipe(outgoing);
  };

  const server = createServer((req, res) => {
    const caught = catching;
    if (caught) {
      catching = undefined;
      held.push(res);
      caught();
      return;
    }
    forward(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    catchNext: () => new Promise<void>((resolve) => (catching = resolve)),
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      })),
  };
}
