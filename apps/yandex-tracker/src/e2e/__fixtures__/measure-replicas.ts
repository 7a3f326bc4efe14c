/**
 * What the team deployment costs, measured on the deployment replicas.e2e.test.ts checks (two
 * `--auth builtin` replicas on PostgreSQL behind nginx, the emulator as Yandex OAuth and Tracker):
 *
 * - login-flow time through nginx: authorize → the Yandex login at the emulator → callback → code
 *   exchange, as the SDK client's functions and a headless browser do it (the client registered
 *   once), each step on whichever replica nginx picks;
 * - added latency per authenticated call: `tools/call tracker_get_current_user` as a 2025-11-25
 *   stateless POST through nginx with a Bearer token (JWT checked, its grant read in PostgreSQL,
 *   the user's Yandex token opened) against the same call through the same nginx to an `--auth none`
 *   process using the server's own token; interleaved call by call, keep-alive connections.
 *
 *   node --conditions=@toolsmith/source apps/yandex-tracker/src/e2e/__fixtures__/measure-replicas.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { discoverFrom401, registerPublicClient, signIn } from './mcp-oauth-client.ts';
import { startReplicaDeployment } from './replica-deployment.ts';

const LOGINS = 10;
const CALLS = 300;
const WARMUP = 3;

const CALL = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'tracker_get_current_user', arguments: {} },
});

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

async function call(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
      ...headers,
    },
    body: CALL,
  });
  const text = await response.text();
  const elapsed = performance.now() - started;
  if (response.status !== 200 || !text.includes('login')) {
    throw new Error(`HTTP ${response.status}: ${text.slice(0, 200)}`);
  }
  return elapsed;
}

const dir = mkdtempSync(join(tmpdir(), 'tracker-measure-'));
const deployment = await startReplicaDeployment({ dir, unauthenticated: 'open' });
try {
  const discovered = await discoverFrom401(deployment.mcpUrl);
  const client = await registerPublicClient(discovered, 'measuring client');
  const logins: number[] = [];
  let token = '';
  for (let run = 0; run < WARMUP + LOGINS; run++) {
    const started = performance.now();
    const { tokens } = await signIn(discovered, client, run % 2 ? 'alice' : 'bob');
    if (run >= WARMUP) logins.push(performance.now() - started);
    token = tokens.access_token;
  }
  const authenticated: number[] = [];
  const open: number[] = [];
  for (let run = 0; run < WARMUP * 10 + CALLS; run++) {
    const withToken = await call(deployment.mcpUrl, { authorization: `Bearer ${token}` });
    const without = await call(deployment.mcpUrl, { 'x-replica': 'open' });
    if (run >= WARMUP * 10) {
      authenticated.push(withToken);
      open.push(without);
    }
  }
  process.stdout.write(
    `${JSON.stringify(
      {
        setup:
          'two --auth builtin replicas on PostgreSQL behind nginx (round robin), 127.0.0.1, emulator upstream',
        loginMs: { runs: LOGINS, p50: round(percentile(logins, 50)), p95: round(percentile(logins, 95)) },
        callMs: {
          runs: CALLS,
          authenticated: {
            p50: round(percentile(authenticated, 50)),
            p95: round(percentile(authenticated, 95)),
          },
          unauthenticated: { p50: round(percentile(open, 50)), p95: round(percentile(open, 95)) },
          addedP50: round(percentile(authenticated, 50) - percentile(open, 50)),
        },
      },
      null,
      2,
    )}\n`,
  );
} finally {
  await deployment.close();
  rmSync(dir, { recursive: true, force: true });
}
