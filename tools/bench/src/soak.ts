/**
 * `npm run bench -- soak` (issue 22, "Soak"): both servers, as child processes from source, for a
 * long time under mixed traffic, watched for anything that grows.
 *
 * Six server processes at once, for BENCH_SOAK_MINUTES (default 20) of traffic: the Yandex Tracker
 * and the ClickUp server each over Streamable HTTP on 127.0.0.1 (both protocol eras on one
 * endpoint) and over stdio twice (one process per era: a stdio server has one client for its life),
 * all with `--toolsets all`, against the emulators run in this process. The traffic
 * (soak-traffic.ts, fixtures/soak/call-mix.ts): steady clients of both eras, HTTP clients that come
 * and go, clients that walk away in the middle of a request (closed mid-call, half a body, gone
 * before the answer, cancelled), ClickUp webhook bursts to the HTTP server's intake with replays and
 * senders that walk away (soak-webhooks.ts), and upstream faults injected at random into the
 * emulators (soak-faults.ts: 429, 5xx, latency, resets, hangs).
 *
 * Every server runs with BENCH_SOAK_NODE_FLAGS (default `--max-semi-space-size=16`; empty: V8's
 * defaults). Under V8's defaults the young generation of a busy HTTP server grows to two semi-spaces
 * of V8's own size (64 MB each on a machine with 24 GB) and keeps those pages: RSS then rises for
 * 7–20 minutes before it levels off (docs/performance.md, "Soak"), which says how V8 sizes its heap,
 * not whether the server leaks. Capped, that growth is over within the warm-up.
 *
 * Every server writes a metrics line every BENCH_SOAK_SAMPLE_SECONDS (default 5) from a preloaded
 * module (fixtures/soak/metrics-preload.mjs: the servers' code is unchanged): RSS, heap, the live heap
 * after a forced GC (every 30 s), event-loop delay, active handles; the bench adds open file
 * descriptors and the sandbox hosts' RSS from /proc (soak-processes.ts).
 *
 * Phases: start (servers up, no traffic) → warm-up (BENCH_SOAK_WARMUP_MINUTES, default a quarter of
 * the run) → a quiet pause (traffic stopped, faults cleared, idle sockets closed: the "after warm-up"
 * figures) → loaded → a quiet pause at the end ("end" figures). soak-figures.ts judges each figure
 * flat or not. Then the webhook count: every event this run sent (bursts) or caused (the emulator's
 * deliveries) that got a 200 must be in the store exactly once — read from the store's directory
 * after the server stopped — and `clickup_list_webhook_events` must page through every stored event
 * exactly once.
 *
 * Nothing is written into the checkout: stores and working directories are in a temp dir (removed
 * at the end), the samples (JSON) and a Markdown summary for docs/performance.md go to
 * BENCH_SOAK_OUT (default a new directory under the system temp dir, kept).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClickUpEmulator } from '@toolsmith/clickup-emulator';
import { openPgliteDriver } from '@toolsmith/sql';
import type { McpTestConnection, RecordedRequest } from '@toolsmith/testing';
import { createTrackerEmulator } from '@toolsmith/yandex-tracker-emulator';
import {
  CLICKUP_MIX,
  CLICKUP_SLOW_CALL,
  CLICKUP_SLOW_PATH,
  TRACKER_MIX,
  TRACKER_SLOW_CALL,
  TRACKER_SLOW_PATH,
  type Scenario,
} from './fixtures/soak/call-mix.ts';
import { loadInfo } from './machine-info.ts';
import { processesCpuMs, watched } from './machine-load.ts';
import type { BenchmarkResult, TargetCheck } from './report.ts';
import { FaultInjector } from './soak-faults.ts';
import { figureRows, figuresOf, fmt, markdownTable, textTable, type Figure } from './soak-figures.ts';
import {
  ERA_VERSION,
  startHttpServer,
  startStdioServer,
  type Era,
  type Phase,
  type ServerName,
  type ServerProcess,
} from './soak-processes.ts';
import {
  between,
  churnClient,
  connectClient,
  counted,
  disconnect,
  DISCONNECT_KINDS,
  Gate,
  newStats,
  sleep,
  steadyClient,
  type CallStats,
} from './soak-traffic.ts';
import { identityOf, WebhookLoad, type SentEvent, type WebhookTally } from './soak-webhooks.ts';
import { summarize } from './stats.ts';

interface SoakConfig {
  /** BENCH_SOAK minutes of traffic … or, in smoke mode (BENCH_SMOKE=1), a few seconds of everything. */
  smoke: boolean;
  minutes: number;
  warmUpMinutes: number;
  sampleSeconds: number;
  burstEverySeconds: number;
  burstSize: number;
  faultEverySeconds: number;
  seed: number;
  /** Node/V8 flags of every server process (BENCH_SOAK_NODE_FLAGS). */
  nodeFlags: string[];
  out: string;
  /** How long a quiet pause waits for idle keep-alive sockets to close (servers and emulators: 5 s). */
  idleMs: number;
}

/** The servers' young generation capped (two 16 MB semi-spaces): see the file comment. */
const DEFAULT_NODE_FLAGS = '--max-semi-space-size=16';

function readConfig(): SoakConfig {
  const number = (name: string, fallback: number, min: number) => {
    const text = process.env[name];
    if (text === undefined || text === '') return fallback;
    const value = Number(text);
    if (!Number.isFinite(value) || value < min) {
      throw new Error(`${name}="${text}" is not a number of at least ${min}.`);
    }
    return value;
  };
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const out = process.env['BENCH_SOAK_OUT'] || path.join(os.tmpdir(), `toolsmith-soak-${stamp}`);
  const seed = number('BENCH_SOAK_SEED', 22, 0);
  const flagsText = process.env['BENCH_SOAK_NODE_FLAGS'] ?? DEFAULT_NODE_FLAGS;
  const nodeFlags = flagsText.split(/\s+/).filter(Boolean);
  // Smoke mode (`npm test` runs every benchmark so; tools/bench/src/smoke.ts sets BENCH_SMOKE): every
  // path once — four servers (one stdio era each), seconds of traffic, a burst, faults — nothing judged.
  if (process.env['BENCH_SMOKE'] === '1') {
    return {
      smoke: true,
      minutes: 0.3,
      warmUpMinutes: 0.1,
      sampleSeconds: 1,
      burstEverySeconds: 3,
      burstSize: 10,
      faultEverySeconds: 1,
      seed,
      nodeFlags,
      out,
      idleMs: 1000,
    };
  }
  const minutes = number('BENCH_SOAK_MINUTES', 20, 0.5);
  const warmUpMinutes = number('BENCH_SOAK_WARMUP_MINUTES', Math.max(0.25, minutes / 4), 0.1);
  if (warmUpMinutes >= minutes) {
    throw new Error(
      `BENCH_SOAK_WARMUP_MINUTES (${warmUpMinutes}) must be shorter than BENCH_SOAK_MINUTES (${minutes}).`,
    );
  }
  return {
    smoke: false,
    minutes,
    warmUpMinutes,
    sampleSeconds: number('BENCH_SOAK_SAMPLE_SECONDS', 5, 1),
    burstEverySeconds: number('BENCH_SOAK_BURST_SECONDS', 20, 1),
    burstSize: number('BENCH_SOAK_BURST_SIZE', 40, 1),
    faultEverySeconds: number('BENCH_SOAK_FAULT_SECONDS', 4, 0),
    seed,
    nodeFlags,
    out,
    idleMs: 7000,
  };
}

/** mulberry32: a small seeded PRNG, so a run's choices can be repeated. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const born = performance.now();
const log = (line: string) =>
  void process.stderr.write(`soak: ${((performance.now() - born) / 1000).toFixed(0)} s: ${line}\n`);

/** Repeats `work` every `[low, high]` ms (jittered) through the gate, until it stops. */
async function every(gate: Gate, random: () => number, low: number, high: number, work: () => Promise<void>) {
  while (!gate.stopped) {
    await sleep(between(random, low, high));
    if (!(await gate.enter())) return;
    try {
      await work();
    } catch (error) {
      log(`background work failed: ${(error as Error).message}`);
    } finally {
      gate.done();
    }
  }
}

interface Lane {
  server: ServerName;
  label: string;
  stats: CallStats;
}

export async function runSoak(): Promise<BenchmarkResult> {
  const config = readConfig();
  const random = seeded(config.seed);
  const work = mkdtempSync(path.join(os.tmpdir(), 'toolsmith-soak-work-'));
  mkdirSync(config.out, { recursive: true });
  const machine: string[] = [];
  const loads: number[] = [];
  const started = performance.now();
  let phase: Phase = 'start';
  const clock = () => ({ t: (performance.now() - started) / 1000, phase });
  const sampleMs = config.sampleSeconds * 1000;

  const tracker = await createTrackerEmulator();
  const clickup = await createClickUpEmulator();
  const webhookSecret = randomBytes(24).toString('hex');
  const serverEnv: Record<ServerName, Record<string, string>> = {
    tracker: {
      YANDEX_TRACKER_API_BASE: tracker.url,
      YANDEX_TRACKER_TOKEN: tracker.token,
      YANDEX_ORG_ID: tracker.orgId,
      YANDEX_TRACKER_TIMEOUT_MS: '5000',
    },
    clickup: {
      CLICKUP_API_BASE: clickup.url,
      CLICKUP_API_TOKEN: clickup.token,
      CLICKUP_TEAM_ID: clickup.teamId,
      CLICKUP_TIMEOUT_MS: '5000',
      CLICKUP_MAX_WAIT_MS: '5000',
    },
  };
  const processes: ServerProcess[] = [];
  const gate = new Gate();
  const background: Promise<void>[] = [];
  const closers: (() => Promise<void>)[] = [];
  const result: BenchmarkResult = { name: 'soak', tables: [], targets: [], notes: [] };
  const loadTimer = setInterval(() => loads.push(os.loadavg()[0] ?? 0), 15_000);
  const walkedAway: Record<ServerName, Map<string, number>> = { tracker: new Map(), clickup: new Map() };
  let unusedDelays = 0;

  try {
    await watched(
      `the soak (${config.minutes} min of traffic)`,
      async () => {
        // ── Servers ──────────────────────────────────────────────────────────────────────────
        const start = async (server: ServerName, transport: 'http' | Era) => {
          const label = `${server === 'tracker' ? 'Tracker' : 'ClickUp'} ${transport === 'http' ? 'HTTP' : `stdio ${ERA_VERSION[transport]}`}`;
          const cwd = path.join(work, label.replace(/[^A-Za-z0-9-]+/g, '-'));
          mkdirSync(cwd, { recursive: true });
          const env = {
            ...serverEnv[server],
            ...(server === 'clickup'
              ? {
                  CLICKUP_WEBHOOK_STORE: path.join(cwd, 'webhook-store'),
                  ...(transport === 'http' ? { CLICKUP_WEBHOOK_SECRET: webhookSecret } : {}),
                }
              : {}),
          };
          const options = {
            server,
            label,
            env,
            cwd,
            args: ['--toolsets', 'all'],
            nodeFlags: config.nodeFlags,
            sampleMs,
            clock,
          };
          const started =
            transport === 'http'
              ? await startHttpServer(options)
              : await startStdioServer({ ...options, era: transport });
          processes.push(started);
          log(`${label} up (pid ${started.pid})`);
          return started;
        };
        const trackerHttp = await start('tracker', 'http');
        const clickupHttp = await start('clickup', 'http');
        const stdio = config.smoke
          ? [await start('tracker', 'legacy'), await start('clickup', 'modern')]
          : [
              await start('tracker', 'legacy'),
              await start('tracker', 'modern'),
              await start('clickup', 'legacy'),
              await start('clickup', 'modern'),
            ];
        // A "start" sample of every process, before any traffic.
        await Promise.all(processes.map((p) => p.nextSample(clock().t, sampleMs * 3)));

        // ── Webhooks: one created through the server (its secret kept), bursts signed with the env secret ──
        const intake = `${new URL(clickupHttp.url!).origin}/webhooks/clickup`;
        const setupStats = newStats();
        const admin = await connectClient(clickupHttp.url!, 'modern', 'admin');
        closers.push(() => admin.close());
        const created = await counted(admin, setupStats)('clickup_create_webhook', {
          endpoint: intake,
          events: ['*'],
        });
        if (created.isError) throw new Error(`clickup_create_webhook failed: ${created.text}`);
        const webhooks = new WebhookLoad({
          endpoint: intake,
          secret: webhookSecret,
          taskIds: clickup.state.tasks.slice(0, 12).map((t) => t.id),
          random,
        });

        // ── Traffic ──────────────────────────────────────────────────────────────────────────
        const lanes: Lane[] = [];
        const lane = (server: ServerName, label: string) => {
          const entry = { server, label, stats: newStats() };
          lanes.push(entry);
          return entry;
        };
        const mixOf = (server: ServerName): Scenario[] => (server === 'tracker' ? TRACKER_MIX : CLICKUP_MIX);
        const counter = { n: 0 };
        const steady: Record<ServerName, McpTestConnection[]> = { tracker: [], clickup: [] };
        for (const p of stdio) {
          const l = lane(p.server, `${p.label}`);
          background.push(
            steadyClient({
              call: counted(p.connection!, l.stats),
              mix: mixOf(p.server),
              stdio: true,
              gate,
              random,
              thinkMs: [150, 700],
              counter,
            }),
          );
        }
        for (const p of [trackerHttp, clickupHttp]) {
          for (const era of ['legacy', 'modern'] as const) {
            const connection = await connectClient(p.url!, era, `${p.server}-steady-${era}`);
            closers.push(() => connection.close());
            steady[p.server].push(connection);
            const l = lane(p.server, `${p.label} ${ERA_VERSION[era]} (steady)`);
            background.push(
              steadyClient({
                call: counted(connection, l.stats),
                mix: mixOf(p.server),
                stdio: false,
                gate,
                random,
                thinkMs: [150, 700],
                counter,
              }),
            );
          }
          const churn = lane(p.server, `${p.label} both eras (clients that come and go)`);
          let clients = 0;
          background.push(
            every(gate, random, 3000, 6000, async () => {
              const era: Era = clients % 2 === 0 ? 'legacy' : 'modern';
              await churnClient({
                url: p.url!,
                era,
                id: `${p.server}-churn-${clients++}`,
                mix: mixOf(p.server),
                stats: churn.stats,
                random,
                calls: 1 + Math.floor(random() * 3),
                counter,
              });
            }),
          );
          const away = lane(p.server, `${p.label}: clients walking away mid-request (cancelled: stdio too)`);
          const kinds = walkedAway[p.server];
          let n = 0;
          background.push(
            every(gate, random, 4000, 7000, async () => {
              const kind = DISCONNECT_KINDS[n % DISCONNECT_KINDS.length]!;
              const era: Era = Math.floor(n / DISCONNECT_KINDS.length) % 2 === 0 ? 'legacy' : 'modern';
              n++;
              kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
              const delayMs = 1000 + Math.floor(random() * 1500);
              // The call's upstream request waits, so the client leaves while the server works on it
              // (half a body never reaches the tool: nothing to delay).
              if (kind !== 'half a body') {
                if (p.server === 'tracker') {
                  tracker.faults.add({ kind: 'latency', ms: delayMs, path: TRACKER_SLOW_PATH, times: 1 });
                } else {
                  clickup.faults.add({ kind: 'latency', ms: delayMs, path: CLICKUP_SLOW_PATH, times: 1 });
                }
              }
              // 'cancelled' alternates between a stdio client and a steady HTTP client.
              const stdioOf = stdio.filter((s) => s.server === p.server);
              const cancelling =
                (n >> 2) % 2 === 0 ? stdioOf[(n >> 3) % stdioOf.length]!.connection! : steady[p.server][0]!;
              await disconnect({
                kind,
                server: p.server,
                url: p.url!,
                era,
                id: `${p.server}-away-${n}`,
                slow: p.server === 'tracker' ? TRACKER_SLOW_CALL : CLICKUP_SLOW_CALL,
                delayMs,
                stats: away.stats,
                random,
                steady: cancelling,
              });
            }),
          );
        }
        // Webhook bursts and random upstream faults.
        background.push(
          every(gate, random, config.burstEverySeconds * 900, config.burstEverySeconds * 1100, async () =>
            webhooks.burst(config.burstSize),
          ),
        );
        const faults = new FaultInjector(
          [
            { server: 'tracker', faults: tracker.faults },
            { server: 'clickup', faults: clickup.faults },
          ],
          random,
        );
        if (config.faultEverySeconds > 0) {
          background.push(
            every(gate, random, config.faultEverySeconds * 500, config.faultEverySeconds * 1500, async () =>
              faults.inject(),
            ),
          );
        }
        // The emulators record every request: count them and let them go.
        const upstream = { tracker: new Map<string, number>(), clickup: new Map<string, number>() };
        const drain = () => {
          for (const [name, emulator] of [
            ['tracker', tracker],
            ['clickup', clickup],
          ] as const) {
            const requests = emulator.requests as RecordedRequest[];
            for (const request of requests) {
              const key = request.fault ?? 'answered';
              upstream[name].set(key, (upstream[name].get(key) ?? 0) + 1);
            }
            requests.splice(0);
          }
        };
        const drainTimer = setInterval(drain, 20_000);
        closers.push(async () => clearInterval(drainTimer));

        // ── Phases ───────────────────────────────────────────────────────────────────────────
        const quiet = async (next: Phase) => {
          const busy = await gate.pause(60_000);
          // Delays set up for a walk-away whose request never reached the API (should be none).
          unusedDelays += [tracker, clickup]
            .flatMap((e) => e.faults.pending)
            .filter((f) => f.path === TRACKER_SLOW_PATH || f.path === CLICKUP_SLOW_PATH).length;
          faults.clear();
          await webhooks.settled(60_000);
          await clickup.webhooks.settled();
          if (busy > 0) log(`${busy} scenario(s) still running after 60 s`);
          await sleep(config.idleMs); // idle keep-alive sockets close (servers and emulators: 5 s)
          phase = next;
          const since = clock().t;
          // One sample each in the quiet phase, and one with the live heap (every 6th sample).
          await Promise.all(
            processes.map(async (p) => {
              for (let i = 0; i < (config.smoke ? 1 : 8); i++) {
                const sample = await p.nextSample(clock().t, sampleMs * 2);
                if (!sample || (sample.t > since && sample.liveHeapMb !== undefined)) return;
              }
            }),
          );
        };
        phase = 'warm-up';
        log(
          `traffic: warm-up ${config.warmUpMinutes} min, then ${(config.minutes - config.warmUpMinutes).toFixed(2)} min`,
        );
        await sleep(config.warmUpMinutes * 60_000);
        log('quiet pause after warm-up');
        await quiet('quiet after warm-up');
        phase = 'loaded';
        const loadedFrom = performance.now();
        const benchCpuAtLoad = processesCpuMs([process.pid]) ?? Number.NaN;
        gate.resume();
        const progress = setInterval(() => {
          const crashed = processes.filter((p) => p.unexpectedExit);
          log(
            `RSS ${processes.map((p) => `${p.label} ${fmt(p.samples.at(-1)?.rssMb, 0)} MB`).join(', ')}${crashed.length ? `; EXITED: ${crashed.map((p) => p.label).join(', ')}` : ''}`,
          );
        }, 60_000);
        closers.push(async () => clearInterval(progress));
        await sleep((config.minutes - config.warmUpMinutes) * 60_000);
        const loadedSeconds = (performance.now() - loadedFrom) / 1000;
        log('quiet pause at the end');
        await quiet('quiet at the end');
        gate.stop();
        await Promise.all(background);
        drain();

        // ── Webhook events: listed by the tool, then read from the store ─────────────────────
        phase = 'stopping';
        const listed = await listAllEvents(admin);
        webhooks.countEmulator(clickup.webhooks.deliveries, intake);
        for (const close of closers.splice(0).reverse()) await close().catch(() => undefined);
        for (const p of processes) await p.stop();
        const stored = await readStore(
          path.join(work, clickupHttp.label.replace(/[^A-Za-z0-9-]+/g, '-'), 'webhook-store'),
        );
        const tally = webhooks.finish();
        report(result, {
          config,
          processes,
          lanes,
          faults: faults.counts,
          upstream,
          tally,
          events: webhooks.events(),
          stored,
          listed,
          setup: setupStats,
          walkedAway,
          unusedDelays,
          benchCpu: `${((100 * (processesCpuMs([process.pid]) ?? Number.NaN) - 100 * benchCpuAtLoad) / (1000 * loadedSeconds)).toFixed(0)} %`,
        });
      },
      machine,
    );
  } finally {
    clearInterval(loadTimer);
    gate.stop();
    for (const close of closers.reverse()) await close().catch(() => undefined);
    for (const p of processes) await p.stop().catch(() => undefined);
    await tracker.close();
    await clickup.close();
    rmSync(work, { recursive: true, force: true });
  }
  const loadLine = loads.length
    ? `load average (1 min) during the run: min ${Math.min(...loads).toFixed(2)}, mean ${(loads.reduce((a, b) => a + b, 0) / loads.length).toFixed(2)}, max ${Math.max(...loads).toFixed(2)} on ${os.availableParallelism()} cores`
    : loadInfo();
  result.notes.push(loadLine, ...machine);
  writeOutputs(config, result, processes, loadLine);
  return result;
}

async function listAllEvents(
  admin: Awaited<ReturnType<typeof connectClient>>,
): Promise<{ items: number; ids: Set<string>; pages: number; error?: string }> {
  const ids = new Set<string>();
  let items = 0;
  let pages = 0;
  let cursor: string | undefined;
  const stats = newStats();
  const call = counted(admin, stats, { timeoutMs: 120_000 });
  for (;;) {
    const answer = await call('clickup_list_webhook_events', {
      order: 'oldest',
      perPage: 100,
      ...(cursor ? { cursor } : {}),
    });
    if (answer.isError) return { items, ids, pages, error: answer.text.slice(0, 300) };
    pages++;
    const page = answer.data as { items?: { id: string }[]; nextCursor?: string };
    for (const item of page.items ?? []) {
      items++;
      ids.add(item.id);
    }
    cursor = page.nextCursor;
    if (!cursor || pages > 10_000) break;
  }
  return { items, ids, pages };
}

interface StoredRow {
  id: string;
  dedupe_keys: string[];
}

async function readStore(directory: string): Promise<StoredRow[] | string> {
  try {
    const driver = await openPgliteDriver(directory);
    try {
      return await driver.query<StoredRow>(
        'SELECT id::text AS id, dedupe_keys FROM clickup_webhook_events ORDER BY id::bigint',
      );
    } finally {
      await driver.close();
    }
  } catch (error) {
    return `could not read the store in ${directory}: ${(error as Error).message}`;
  }
}

interface ReportInput {
  config: SoakConfig;
  processes: ServerProcess[];
  lanes: Lane[];
  faults: Map<string, number>;
  upstream: Record<ServerName, Map<string, number>>;
  tally: WebhookTally;
  events: ReturnType<WebhookLoad['events']>;
  stored: StoredRow[] | string;
  listed: Awaited<ReturnType<typeof listAllEvents>>;
  setup: CallStats;
  walkedAway: Record<ServerName, Map<string, number>>;
  unusedDelays: number;
  benchCpu: string;
}

/** The webhook count: what was acknowledged against what is stored, and what the tool lists. */
export function countEvents(input: Pick<ReportInput, 'events' | 'stored' | 'listed'>) {
  const rows = typeof input.stored === 'string' ? [] : input.stored;
  const storedKeys = new Map<string, number>();
  const storedSets = new Map<string, number>();
  for (const row of rows) {
    for (const key of row.dedupe_keys) storedKeys.set(key, (storedKeys.get(key) ?? 0) + 1);
    const identity = identityOf(row.dedupe_keys);
    storedSets.set(identity, (storedSets.get(identity) ?? 0) + 1);
  }
  const isStored = (e: SentEvent) => e.keys.every((k) => storedKeys.has(k));
  const acked = input.events.filter((e) => e.acked > 0);
  const lost = acked.filter((e) => !isStored(e));
  const storedTwice = input.events.filter(
    (e) => (storedSets.get(e.identity) ?? 0) > 1 || e.storedAnswers > 1,
  );
  const storedUnacked = input.events.filter((e) => e.acked === 0 && isStored(e));
  // Acknowledged as a replay: every key already stored with another delivery (taskStatusUpdated after its taskCreated).
  const covered = acked.filter((e) => isStored(e) && !storedSets.has(e.identity));
  const known = new Set(input.events.flatMap((e) => e.keys));
  const foreign = rows.filter((row) => !row.dedupe_keys.some((k) => known.has(k)));
  const sharedKeys = [...storedKeys.values()].filter((n) => n > 1).length;
  const storedIds = new Set(rows.map((r) => r.id));
  const listedMissing = [...storedIds].filter((id) => !input.listed.ids.has(id)).length;
  const listedRepeats = input.listed.items - input.listed.ids.size;
  return {
    rows,
    acked,
    lost,
    storedTwice,
    storedUnacked,
    covered,
    foreign,
    sharedKeys,
    listedMissing,
    listedRepeats,
  };
}

const lines = (rows: string[][]) => textTable(rows).map((l) => `  ${l}`);

function report(result: BenchmarkResult, input: ReportInput): void {
  const { processes, tally } = input;
  const figures: Figure[] = processes.flatMap((p) => figuresOf(p));
  const loadedMinutes = (() => {
    const loaded = processes[0]?.samples.filter((s) => s.phase === 'loaded') ?? [];
    return loaded.length > 1 ? (loaded.at(-1)!.t - loaded[0]!.t) / 60 : 0;
  })();

  result.tables.push({
    title: `event-loop delay p99 of each ${input.config.sampleSeconds}-s interval, loaded samples after warm-up (ms beyond the 10 ms timer period)`,
    unit: 'ms',
    rows: processes.map((p) => {
      const values = p.samples
        .filter((s) => s.phase === 'loaded' && s.eldP99 !== undefined)
        .map((s) => s.eldP99!);
      const figure = figures.find((f) => f.process === p.label && f.spec.key === 'eldP99');
      return {
        label: p.label,
        summary: values.length ? summarize(values) : summarize([Number.NaN]),
        note: `max ${fmt(values.length ? Math.max(...values) : undefined, 1)} ms, slope ${fmt(figure?.slope, 2)} ms/min`,
      };
    }),
  });

  // Flatness: handles and descriptors are counts (budget); memory and delay are goals.
  for (const p of processes) {
    const mine = figures.filter((f) => f.process === p.label);
    const counts = mine.filter((f) => f.spec.key === 'handles' || f.spec.key === 'fds');
    const rest = mine.filter(
      (f) => f.spec.key !== 'handles' && f.spec.key !== 'fds' && !f.spec.informational,
    );
    const describe = (list: Figure[]) =>
      list
        .map(
          (f) =>
            `${f.spec.label} ${fmt(f.afterWarmUp, f.spec.decimals)} → ${fmt(f.end, f.spec.decimals)}, ${fmt(f.slope, f.spec.decimals + 1)}/min${f.flat ? '' : ` (${f.why})`}`,
        )
        .join('; ');
    result.targets.push({
      target: `${p.label}: handles and fds flat after warm-up (quiet end ≤ quiet after warm-up + 2, slope ≤ 0.5/min)`,
      measured: describe(counts),
      met: counts.every((f) => f.flat),
      budget: true,
    });
    result.targets.push({
      target: `${p.label}: RSS (≤ 1 MB/min), live heap (≤ 0.25 MB/min), ELD p99 (≤ 1 ms/min) flat after warm-up`,
      measured: describe(rest),
      met: rest.every((f) => f.flat),
    });
    result.targets.push({
      target: `${p.label}: ran to the end`,
      measured: p.unexpectedExit ?? 'yes',
      met: p.unexpectedExit === undefined,
      budget: true,
    });
  }

  const c = countEvents(input);
  const storeError = typeof input.stored === 'string' ? input.stored : undefined;
  const eventTargets: TargetCheck[] = [
    {
      target: 'no acknowledged webhook event lost (every 200 is in the store)',
      measured: storeError ?? `${c.lost.length} lost of ${c.acked.length} acknowledged`,
      met: !storeError && c.lost.length === 0,
      budget: true,
    },
    {
      target: 'no webhook event stored twice (replays and retries answered duplicate)',
      measured:
        storeError ??
        `${c.storedTwice.length} stored twice; ${tally.replays} replays, ${tally.replaysStored} stored again`,
      met: !storeError && c.storedTwice.length === 0,
      budget: true,
    },
    {
      target: 'clickup_list_webhook_events pages through every stored event exactly once',
      measured:
        input.listed.error ??
        `${c.rows.length} stored, ${input.listed.items} listed in ${input.listed.pages} pages (${input.listed.ids.size} distinct, ${c.listedRepeats} repeated, ${c.listedMissing} stored but never listed)`,
      met:
        !input.listed.error &&
        c.listedRepeats === 0 &&
        c.listedMissing === 0 &&
        input.listed.items === c.rows.length,
      budget: true,
    },
  ];
  result.targets.push(...eventTargets);

  result.notes.push(
    `${input.config.minutes} min of traffic (warm-up ${input.config.warmUpMinutes} min; ${loadedMinutes.toFixed(1)} min of loaded samples judged), a sample every ${input.config.sampleSeconds} s, seed ${input.config.seed}${loadedMinutes < 5 ? ' — a short run: the slopes are indicative only' : ''}`,
    `servers run with ${input.config.nodeFlags.length ? input.config.nodeFlags.join(' ') : "V8's default heap sizing"} (BENCH_SOAK_NODE_FLAGS; empty for V8's defaults, under which a busy HTTP server's young generation grows to 2 × 64 MB and RSS levels off 70–80 MB higher after 7–20 min: docs/performance.md, "Soak")`,
    'Figures per process: start (no traffic yet), after warm-up and end (both quiet: traffic paused, faults cleared, idle sockets closed), slope per minute and max−min over the loaded samples after warm-up:',
    ...lines(figureRows(figures)),
    'Calls (answered = a result came back, tool errors included; failed = thrown: transport, timeout):',
    ...lines([
      ['', 'calls', 'answered', 'tool errors', 'internal', 'failed', 'walked away'],
      ...input.lanes.map((l) => [
        l.label,
        String(l.stats.calls),
        String(l.stats.answered),
        String(l.stats.toolErrors),
        String(l.stats.internal),
        String(l.stats.failed),
        String(l.stats.abandoned),
      ]),
    ]),
    ...(['tracker', 'clickup'] as const).map(
      (server) =>
        `${server}: clients walked away ${[...input.walkedAway[server]].map(([k, n]) => `${n}× ${k}`).join(', ')}`,
    ),
    `each walk-away but half a body left while its call's upstream request was held 1–2.5 s; holds never reached: ${input.unusedDelays}`,
    `upstream faults injected: ${[...input.faults].map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}; requests the emulators received: ${(['tracker', 'clickup'] as const).map((s) => `${s} ${[...input.upstream[s]].map(([k, v]) => `${k} ${v}`).join(', ')}`).join('; ')}`,
    `webhook events: ${tally.events} sent (${tally.bursts} bursts of ${input.config.burstSize}, plus the emulator's deliveries of the soak's ClickUp changes), ${c.acked.length} acknowledged, ${c.rows.length} stored (${c.covered.length} acknowledged as replays: all their keys came first with another delivery), ${c.lost.length} lost, ${c.storedTwice.length} duplicated; ${c.storedUnacked.length} stored without a 200 (a sender that walked away, or an emulator delivery that failed: it does not retry); ${c.foreign.length} stored rows no event of this run explains; ${c.sharedKeys} history items in two stored events (taskCreated and its taskStatusUpdated: two deliveries, two events by the server's rule)`,
    `webhook deliveries: ${tally.deliveries} burst POSTs (${tally.replays} replays, ${tally.walkedAway} whose sender walked away, ${tally.retries} retries; ${tally.unacked} events never acknowledged), ${tally.emulatorDeliveries} from the emulator (${tally.emulatorFailed} failed); answers: ${[...tally.statuses].map(([k, v]) => `${k} ×${v}`).join(', ')}`,
  );
  const topMessages = (stats: CallStats) =>
    [...stats.messages]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([m, n]) => `${n}× ${m}`);
  for (const l of input.lanes) {
    const top = topMessages(l.stats);
    if (top.length) result.notes.push(`${l.label} — most frequent errors: ${top.join(' | ')}`);
  }
  const cpu = processes.map((p) => {
    const loaded = p.samples.filter((s) => s.phase === 'loaded');
    const first = loaded[0];
    const last = loaded.at(-1);
    if (!first || !last || last.t <= first.t) return `${p.label} –`;
    const share = (a: number, b: number) => `${((100 * (b - a)) / (last.t - first.t)).toFixed(0)} %`;
    return `${p.label} ${share(first.cpuS, last.cpuS)}${last.children > 0 ? ` (+ sandbox hosts ${share(first.childCpuS, last.childCpuS)})` : ''}`;
  });
  result.notes.push(
    `CPU of one core while loaded: ${cpu.join(', ')}; this bench process (emulators and clients) ${input.benchCpu}`,
  );
  for (const p of processes) {
    const levels = Object.entries(p.levels)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    const messages = [...p.messages.values()].sort((a, b) => b.count - a.count).slice(0, 6);
    result.notes.push(
      `${p.label} logged ${levels || 'nothing'}${messages.length ? `: ${messages.map((m) => `${m.count}× ${m.level} "${m.msg}"`).join(', ')}` : ''}`,
    );
  }
}

function writeOutputs(
  config: SoakConfig,
  result: BenchmarkResult,
  processes: ServerProcess[],
  loadLine: string,
) {
  const figures = processes.flatMap((p) => figuresOf(p));
  const samples = Object.fromEntries(processes.map((p) => [p.label, p.samples]));
  writeFileSync(path.join(config.out, 'samples.json'), JSON.stringify({ config, samples }, null, 1));
  // Notes as a list; their aligned tables (lines indented by two spaces) as fenced blocks.
  const notes: string[] = [];
  let block = false;
  for (const note of result.notes) {
    const table = note.startsWith('  ');
    if (table !== block) notes.push(table ? '```text' : '```');
    block = table;
    notes.push(table ? note.slice(2) : `- ${note}`);
  }
  if (block) notes.push('```');
  const md = [
    `### Results (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${config.minutes} min, ${os.availableParallelism()} cores; ${loadLine})`,
    '',
    ...markdownTable(figureRows(figures)),
    '',
    ...result.targets.map((t) => `- ${t.met ? 'MET' : 'MISSED'} ${t.target} — ${t.measured}`),
    '',
    ...notes,
    '',
  ].join('\n');
  writeFileSync(path.join(config.out, 'soak-report.md'), md);
  result.notes.push(
    `samples: ${path.join(config.out, 'samples.json')}; Markdown summary: ${path.join(config.out, 'soak-report.md')}`,
  );
}
