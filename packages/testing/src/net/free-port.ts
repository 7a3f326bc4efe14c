/** A free TCP port, for a program that cannot listen on port 0 and report the port (nginx, postgres, a server started with a fixed --port). */
import { createServer } from 'node:net';

/** A port on `host` that was free a moment ago; the caller retries if another process takes it first. */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error(`no TCP port on ${host}`);
  return address.port;
}
