import { expect, it } from '@jest/globals';
import { createServer } from 'node:net';
import { freePort } from './free-port.ts';

it('gives a port that can be listened on', async () => {
  const port = await freePort();
  expect(port).toBeGreaterThan(0);
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
