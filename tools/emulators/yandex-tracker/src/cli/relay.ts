/**
 * A TCP relay from `host:port` to the emulator's own loopback port. The fake API behind every emulator
 * (@toolsmith/testing) listens on 127.0.0.1 and a free port; the relay gives the standalone command its
 * `--host` and `--port` without changing that. Bytes pass unchanged both ways, so keep-alive, the
 * emulator's fault injection (a reset closes the client's connection too) and its request log behave
 * as they do without it.
 */
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { pipeline } from 'node:stream';

export interface Relay {
  /** `http://<host>:<port>` clients use (a wildcard host shows as loopback). */
  readonly url: string;
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

export async function listenRelay(options: { host: string; port: number; target: string }): Promise<Relay> {
  const target = new URL(options.target);
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    }
    // Either side failing or closing ends both; errors are the peer's business, not the emulator's.
    pipeline(client, upstream, client, () => {
      client.destroy();
      upstream.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port, family } = server.address() as AddressInfo;
  const shown = address === '0.0.0.0' ? '127.0.0.1' : address === '::' ? '::1' : address;
  const url = `http://${family === 'IPv6' ? `[${shown}]` : shown}:${port}`;
  let closing: Promise<void> | undefined;
  return {
    url,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      })),
  };
}
