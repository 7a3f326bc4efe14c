/**
 * Webhook intake throughput and latency: signed standard deliveries POSTed to /webhooks/clickup on
 * a real listener, with the embedded store (PGlite) and with PostgreSQL (a throwaway cluster of the
 * machine's initdb/pg_ctl). Each answer comes after a durable append; normalisation by the pack runs
 * behind it, as in the server. Not part of `npm test`:
 *
 *   node --conditions=@toolsmith/source apps/clickup/bench/webhook-intake.bench.ts [deliveries] [concurrency] [--raw]
 *
 * `--raw`: without the normaliser, to see the intake alone. `BENCH_SMOKE=1`: a short run (50
 * deliveries, a few warm-up and replayed ones) that only shows the bench still runs — tools/bench's
 * smoke test runs it so in `npm test`. Without PostgreSQL its row is left out (under CI=true: an error).
 */
import { silentLogger, ToolRegistry } from '@toolsmith/core';
import { serveHttp } from '@toolsmith/core/mcp';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { standardBody } from '../src/webhooks/__fixtures__/deliveries.ts';
import { createWebhookEventStore, type WebhookStoreOptions } from '../src/webhooks/open-webhook-store.ts';
import { createWebhookRoute, WEBHOOK_PATH } from '../src/webhooks/webhook-route.ts';
import { signWebhookBody } from '../src/webhooks/webhook-signature.ts';

// Loaded on demand, as the store loads @toolsmith/sql (the lint rule keeps one way of loading it).
const { postgresForTests, startPostgres } = await import('@toolsmith/sql/testing');

const SMOKE = process.env['BENCH_SMOKE'] === '1';
const TOTAL = Number(process.argv[2] ?? (SMOKE ? 50 : 2000));
const WARMUP = SMOKE ? 5 : 50;
const REPLAYS = SMOKE ? 10 : 200;
const CONCURRENCY = Number(process.argv[3] ?? 16);
const RAW = process.argv.includes('--raw');
const SECRET = 'bench-secret';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function run(label: string, location: WebhookStoreOptions) {
  const store = createWebhookEventStore({ ...location, ...(RAW ? { normaliser: false as const } : {}) });
  const openStarted = performance.now();
  await store.open();
  const openMs = performance.now() - openStarted;
  const server = await serveHttp({
    name: 'bench',
    version: '0',
    registry: new ToolRegistry<unknown>(),
    deps: {},
    logger: silentLogger,
    host: '127.0.0.1',
    port: 0,
    routes: [createWebhookRoute({ store, secrets: [SECRET] })],
  });
  const url = `${new URL(server.url).origin}${WEBHOOK_PATH}`;
  const send = async (body: string) => {
    const started = performance.now();
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature': signWebhookBody(SECRET, body) },
      body,
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${label}: answer ${response.status}`);
    return performance.now() - started;
  };
  for (let i = 0; i < WARMUP; i += 1) await send(standardBody(`warm${i}`, { taskId: `warm${i}` }));

  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < TOTAL) {
        const i = next++;
        latencies.push(await send(standardBody(`${label}-${i}`, { taskId: `t${i % 97}` })));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const replayStarted = performance.now();
  for (let i = 0; i < REPLAYS; i += 1) await send(standardBody(`${label}-${i}`, { taskId: `t${i % 97}` }));
  const replayMs = (performance.now() - replayStarted) / REPLAYS;
  const drainStarted = performance.now();
  const page = await store.list({}, { limit: 1 }); // waits for normalisation to catch up
  const drainMs = performance.now() - drainStarted;
  latencies.sort((a, b) => a - b);
  await server.close();
  await store.close();
  return {
    store: label,
    normalised: !RAW,
    deliveries: TOTAL,
    concurrency: CONCURRENCY,
    'deliveries/s': Math.round(TOTAL / seconds),
    'p50 ms': +percentile(latencies, 50).toFixed(1),
    'p99 ms': +percentile(latencies, 99).toFixed(1),
    'max ms': +latencies.at(-1)!.toFixed(1),
    'replay ms (sequential)': +replayMs.toFixed(2),
    'open ms': Math.round(openMs),
    'normalisation backlog drained ms': Math.round(drainMs),
    newest: page.items[0]?.summary?.slice(0, 40),
  };
}

const results = [];
const dir = mkdtempSync(path.join(tmpdir(), 'clickup-bench-'));
try {
  results.push(await run('pglite', { directory: dir }));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (postgresForTests()) {
  const cluster = await startPostgres();
  try {
    results.push(await run('postgres', { databaseUrl: await cluster.createDatabase() }));
  } finally {
    cluster.stop();
  }
}
process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
