/**
 * How long a login through the built-in authorization server takes, authorize → token: the browser
 * walk (authorize, interaction, the upstream's authorize and the callback, resume) and the code
 * exchange, with the upstream a local fake — so the figure is the server's own cost plus loopback
 * round trips, not ClickUp's or Yandex's. Memory store, and PGlite (what a single server uses).
 * Also what the verifier costs per authenticated call (JWT signature + the grant's row read).
 *
 *   node --conditions=@toolsmith/source packages/core/src/auth/authorization-server/__fixtures__/measure-login.ts
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { exchangeAuthorization } from '@modelcontextprotocol/client';
import { createSqlOAuthStore } from '../sql-adapter.ts';
import { startFakeUpstream, type FakeUpstream } from './fake-upstream.ts';
import { authorize, registerPublicClient, startRig, type RigOptions } from './rig.ts';

const RUNS = 20;
const WARMUP = 3;
const VERIFIES = 500;

interface Figures {
  logins: number[];
  verifies: number[];
}

async function measure(upstream: FakeUpstream, options: RigOptions): Promise<Figures> {
  const rig = await startRig(upstream, options);
  const client = await registerPublicClient(rig);
  const times: number[] = [];
  let accessToken = '';
  for (let run = 0; run < WARMUP + RUNS; run++) {
    const started = performance.now();
    const authorized = await authorize(rig, client, { user: 'alice' });
    ({ access_token: accessToken } = await exchangeAuthorization(rig.issuer, {
      metadata: rig.metadata,
      clientInformation: client,
      authorizationCode: authorized.code!,
      codeVerifier: authorized.codeVerifier,
      redirectUri: client.redirect_uris[0]!,
      resource: rig.resource,
      iss: rig.issuer,
    }));
    if (run >= WARMUP) times.push(performance.now() - started);
  }
  const verifies: number[] = [];
  for (let run = 0; run < WARMUP + VERIFIES; run++) {
    const started = performance.now();
    await rig.server.verifier.verify(accessToken);
    if (run >= WARMUP) verifies.push(performance.now() - started);
  }
  await rig.close();
  return { logins: times, verifies };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const upstream = await startFakeUpstream({ alice: { id: 'u-1', name: 'Alice', email: 'alice@example.com' } });
const db = await PGlite.create();
const sql = {
  query: async (text: string, params?: readonly unknown[]) =>
    (await db.query(text, params ? [...params] : [])).rows as never,
};
const results = {
  memory: await measure(upstream, {}),
  pglite: await measure(upstream, {
    store: createSqlOAuthStore(sql),
    env: { MCP_AUTH_ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64url')}` },
  }),
};
for (const [store, { logins, verifies }] of Object.entries(results)) {
  process.stdout.write(
    `${store} store: login authorize → token p50 ${percentile(logins, 50).toFixed(1)} ms, p95 ` +
      `${percentile(logins, 95).toFixed(1)} ms (${RUNS} runs); verify p50 ${percentile(verifies, 50).toFixed(3)} ms, ` +
      `p95 ${percentile(verifies, 95).toFixed(3)} ms (${VERIFIES} calls)\n`,
  );
}
await db.close();
await upstream.close();
