/**
 * One scale run: an API emulator, N stateless replicas of the Tracker MCP server, nginx in front
 * (round robin, no sticky sessions), clients of both protocol eras calling through nginx — and,
 * halfway, one replica killed with SIGKILL while a tool call is in flight on it. Everything it
 * starts is stopped, and its temp directory removed, however the run ends.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { createTrackerEmulator, type TrackerEmulator } from '@toolsmith/yandex-tracker-emulator';
import { startApiTap, type ApiTap } from './api-tap.ts';
import { plannedCall, seedFacts } from './call-plan.ts';
import { onExit } from './exit-cleanup.ts';
import { runLoad, type CallRecord, type Era } from './load.ts';
import { startNginx } from './nginx.ts';
import { nginxReport } from './nginx-report.ts';
import { percentile } from './percentile.ts';
import { startReplicas, type Replica } from './replicas.ts';
import { WriteGate } from './write-gate.ts';

/** The name nginx sends as `Host`; the replicas allow it with `--allowed-hosts`. */
export const UPSTREAM_NAME = 'tracker-mcp';

export interface ScaleRunOptions {
  /** @default 3 */
  replicas?: number;
  /** Clients of each era (2025-11-25 and 2026-07-28). @default 4 */
  clientsPerEra?: number;
  /** @default 40 */
  callsPerClient?: number;
  /** Latency of every emulated API response, like a real API's. @default 20 ms */
  apiLatencyMs?: number;
  /** Progress lines for people. */
  log?: (line: string) => void;
}

export interface ScaleSummary {
  replicas: number;
  calls: number;
  failed: number;
  p50_ms: number;
  p99_ms: number;
  /** Calls made by 2025-11-25 (`initialize`) and 2026-07-28 (`server/discover`) clients. */
  legacy_calls: number;
  modern_calls: number;
  writes: number;
  /** Read-only calls that needed more than one attempt (caught in flight by the kill). */
  read_retries: number;
  /** Requests nginx sent to another replica after the dead one refused the connection. */
  nginx_next_upstream: number;
  /** Of those, writes (`tracker_add_comment`): each still made exactly once. */
  nginx_moved_writes: number;
  /** Whether a tool call was in flight on the replica when it was killed. */
  killed_in_flight: boolean;
  seconds: number;
}

/**
 * Halfway through the load: stop letting writes start and wait for those running; catch the
 * victim's next API request (a read: it is now surely in the middle of a tool call); SIGKILL it;
 * let writes go again. Returns whether a request was caught (false: killed after 5 s regardless).
 */
async function killMidCall(victim: Replica, tap: ApiTap, gate: WriteGate): Promise<boolean> {
  await gate.close();
  try {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const caught = await Promise.race([
      tap.catchNext().then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), 5000))),
    ]);
    clearTimeout(timer);
    await victim.crash();
    return caught;
  } finally {
    gate.open();
  }
}

function countWrites(records: readonly CallRecord[], emulator: TrackerEmulator): string[] {
  const problems: string[] = [];
  for (const record of records) {
    if (!record.write || !record.ok || !record.marker) continue;
    const made = emulator.state.comments.filter((c) => c.text === record.marker).length;
    if (made !== 1) problems.push(`write "${record.marker}" was made ${made} times, acknowledged once`);
  }
  return problems;
}

export async function runScaleTest(options: ScaleRunOptions = {}): Promise<ScaleSummary> {
  const replicaCount = options.replicas ?? 3;
  if (replicaCount < 2) throw new Error('The scale run needs at least 2 replicas: one of them is killed.');
  const clientsPerEra = options.clientsPerEra ?? 4;
  const callsPerClient = options.callsPerClient ?? 40;
  const log = options.log ?? (() => {});
  const started = performance.now();
  await using stack = new AsyncDisposableStack();

  const dir = await mkdtemp(join(tmpdir(), 'toolsmith-scale-'));
  const unregisterDir = onExit(() => rmSync(dir, { recursive: true, force: true }));
  stack.defer(async () => {
    await rm(dir, { recursive: true, force: true });
    unregisterDir();
  });

  const emulator = await createTrackerEmulator();
  stack.defer(() => emulator.close());
  emulator.faults.add({ kind: 'latency', ms: options.apiLatencyMs ?? 20, times: Infinity });
  const facts = seedFacts(emulator.state);

  // The victim (the middle replica) reaches the emulator through a tap that can hold its next API
  // request, so that the kill lands while a tool call is running on it — by construction, not by
  // timing. Otherwise the replicas are identical.
  const victimIndex = Math.floor(replicaCount / 2);
  const tap = await startApiTap(emulator.url);
  stack.defer(() => tap.close());
  const replicas = await startReplicas(replicaCount, (index) => ({
    index,
    env: {
      YANDEX_TRACKER_API_BASE: index === victimIndex ? tap.url : emulator.url,
      YANDEX_TRACKER_TOKEN: emulator.token,
      YANDEX_ORG_ID: emulator.orgId,
    },
    args: ['--allowed-hosts', UPSTREAM_NAME],
  }));
  stack.defer(async () => {
    await Promise.all(replicas.map((r) => r.stop()));
  });
  const victim = replicas[victimIndex]!;
  log(
    `${replicaCount} replicas of yandex-tracker-mcp (HTTP, stateless) up in ${((performance.now() - started) / 1000).toFixed(1)} s on ports ${replicas.map((r) => r.port).join(', ')}`,
  );

  const nginx = await startNginx({
    dir,
    upstreams: replicas.map((r) => ({ host: '127.0.0.1', port: r.port })),
    upstreamName: UPSTREAM_NAME,
  });
  stack.defer(() => nginx.stop());
  const health = await fetch(`${nginx.url}/health`);
  const healthBody = (await health.json().catch(() => ({}))) as { name?: string };
  if (health.status !== 200 || healthBody.name !== 'yandex-tracker') {
    throw new Error(`GET /health through nginx answered ${health.status}: ${JSON.stringify(healthBody)}`);
  }
  log(
    `${nginx.version} (pid ${nginx.pid}) on ${nginx.url}/mcp: round robin, no sticky sessions, SSE unbuffered`,
  );

  const eras: Era[] = Array.from({ length: clientsPerEra * 2 }, (_, i) =>
    i % 2 === 0 ? 'legacy' : 'modern',
  );
  const gate = new WriteGate();
  const runId = randomUUID().slice(0, 8);
  const totalCalls = eras.length * callsPerClient;
  let killedInFlight = false;
  log(
    `${eras.length} clients (${clientsPerEra} × 2025-11-25, ${clientsPerEra} × 2026-07-28), ${callsPerClient} calls each; replica ${victimIndex} (pid ${victim.pid}) is killed after ${Math.floor(totalCalls / 2)} calls`,
  );
  const load = await runLoad({
    url: `${nginx.url}/mcp`,
    eras,
    callsPerClient,
    plan: (client, step) => plannedCall(facts, runId, client, step),
    gate,
    milestone: {
      afterCalls: Math.floor(totalCalls / 2),
      run: async () => {
        killedInFlight = await killMidCall(victim, tap, gate);
        const { signal } = await victim.exited;
        log(
          `killed replica ${victimIndex} with ${signal}${killedInFlight ? ', a tool call in flight on it' : ' (no tool call seen in flight on it)'}`,
        );
      },
    },
  });

  // Version checks: each client speaks the era it was made for.
  for (const client of load.clients) {
    const expected = client.era === 'modern' ? '2026-07-28' : '2025-11-25';
    if (client.protocolVersion !== expected) {
      throw new Error(`a ${client.era} client negotiated ${client.protocolVersion}, expected ${expected}`);
    }
  }
  const records = load.records;
  const writeProblems = countWrites(records, emulator);
  const failures = records.filter((r) => !r.ok);
  for (const failure of failures.slice(0, 10)) {
    log(
      `FAILED ${failure.tool} (${failure.era} client ${failure.client}, ${failure.attempts} attempts): ${failure.problem}`,
    );
  }
  for (const problem of writeProblems) log(`FAILED ${problem}`);

  const proxy = nginxReport(
    await nginx.accessLog(),
    await nginx.errorLog(),
    replicas.map((r) => r.port),
  );
  const retried = records.filter((r) => r.attempts > 1);
  const retryReasons = [...new Set(retried.flatMap((r) => r.retriedErrors.map((m) => m.split('\n')[0])))];
  log(
    `nginx: ${proxy.requests} MCP requests, served by replica ${proxy.served.map((n, i) => `${i}: ${n}`).join(', ')}; ${proxy.moved} moved to another replica before being sent (${proxy.movedWrites} of them writes), ${proxy.serverErrors} answered 5xx`,
  );
  log(
    `nginx error log: ${proxy.errorLogLines} lines${proxy.errorKinds.length ? ` (${proxy.errorKinds.join('; ')})` : ''}`,
  );
  const warnings = replicas.flatMap((r) =>
    r
      .stderr()
      .split('\n')
      .filter((l) => /"level":"(warn|error)"/.test(l)),
  );
  log(
    `replica warnings and errors: ${warnings.length}${warnings.length ? `\n  ${warnings.slice(0, 5).join('\n  ')}` : ''}`,
  );
  if (retried.length > 0) log(`read-only calls retried: ${retried.length} (${retryReasons.join('; ')})`);

  const latencies = records.map((r) => r.ms);
  const summary: ScaleSummary = {
    replicas: replicaCount,
    calls: records.length,
    failed: failures.length + writeProblems.length,
    p50_ms: percentile(latencies, 50),
    p99_ms: percentile(latencies, 99),
    legacy_calls: records.filter((r) => r.era === 'legacy').length,
    modern_calls: records.filter((r) => r.era === 'modern').length,
    writes: records.filter((r) => r.write).length,
    read_retries: retried.length,
    nginx_next_upstream: proxy.moved,
    nginx_moved_writes: proxy.movedWrites,
    killed_in_flight: killedInFlight,
    seconds: 0,
  };
  log(
    `${summary.calls} calls in ${(load.elapsedMs / 1000).toFixed(1)} s through nginx, ${summary.failed} failed; p50 ${summary.p50_ms} ms, p99 ${summary.p99_ms} ms`,
  );
  await stack.disposeAsync();
  summary.seconds = Math.round((performance.now() - started) / 100) / 10;
  return summary;
}
