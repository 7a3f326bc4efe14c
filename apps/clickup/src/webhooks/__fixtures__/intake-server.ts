/**
 * A webhook intake server as a process of its own, for the crash test: the real route and the
 * embedded store in the directory `argv[2]`, on a free port of 127.0.0.1. Prints `listening <port>`
 * when ready. With STALL_TASK set, a delivery for that task is appended, prints `appended <id>`,
 * and is never answered — the window between the append and the answer, where the test kills it.
 */
import { silentLogger, ToolRegistry } from '@toolsmith/core';
import { serveHttp } from '@toolsmith/core/mcp';
import { createWebhookEventStore } from '../open-webhook-store.ts';
import { createWebhookRoute } from '../webhook-route.ts';

const store = createWebhookEventStore({ directory: process.argv[2]!, normaliser: false });
await store.open();
const stall = process.env.STALL_TASK;
const server = await serveHttp({
  name: 'intake-server',
  version: '0.0.0',
  registry: new ToolRegistry<unknown>(),
  deps: {},
  logger: silentLogger,
  host: '127.0.0.1',
  port: 0,
  routes: [
    createWebhookRoute({
      store,
      secrets: [process.env.CLICKUP_WEBHOOK_SECRET!],
      async afterAppend(result, delivery) {
        if (stall === undefined || delivery.taskId !== stall) return;
        process.stdout.write(`appended ${result.id}\n`);
        await new Promise(() => undefined);
      },
    }),
  ],
});
process.stdout.write(`listening ${server.port}\n`);
process.once('SIGTERM', () => {
  void server
    .close()
    .then(() => store.close())
    .then(() => process.exit(0));
});
