/** A local HTTP endpoint that records the webhook deliveries it receives and answers `status`. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json: Record<string, unknown>;
}

export interface WebhookReceiver extends AsyncDisposable {
  url: string;
  received: ReceivedDelivery[];
  /** What to answer; default 200. */
  status: number;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const receiver = { received: [] as ReceivedDelivery[], status: 200 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      receiver.received.push({ path: req.url ?? '/', headers: req.headers, body, json: JSON.parse(body) });
      res.writeHead(receiver.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close,
    [Symbol.asyncDispose]: close,
  });
}
