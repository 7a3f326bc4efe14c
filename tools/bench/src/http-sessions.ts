/**
 * Memory of a stateful HTTP server under many sessions: 20,000 clients that initialize and never
 * come back. The server runs in a child process (fixtures/http-session-server.ts); its RSS and live
 * heap are read after a full GC before, half-way and after the sessions are opened, with the default
 * session cap (1000, least recently used idle session evicted) and without a cap (every session
 * kept: the baseline, which is what the server did before the cap existed). Initialize round-trips
 * are timed too.
 *
 * RSS does not fall back when sessions close (V8 and malloc keep the pages they grew to), so the
 * capped server's RSS is a plateau, not a live size: the live heap and the growth over the second
 * half of the run are the figures that show whether memory is bounded.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { BenchmarkResult, ResultRow } from './report.ts';
import { sized } from './smoke.ts';
import { elapsedMs, summarize } from './stats.ts';

const SESSIONS = sized(20_000, 400);
/** The capped server's session cap: the default (1000); in smoke mode a small one, so eviction runs. */
const CAP = sized<string | undefined>(undefined, '100');
const WARMUP_SESSIONS = sized(50, 5);
const CONCURRENCY = 32;
const TARGET_SECOND_HALF_GROWTH = 0.05;
const SERVER = fileURLToPath(new URL('./fixtures/http-session-server.ts', import.meta.url));

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'bench', version: '0.0.0' },
  },
});

interface Memory {
  rssMb: number;
  heapMb: number;
}

interface Measured {
  before: Memory;
  half: Memory;
  after: Memory;
  initializeMs: number[];
  wallS: number;
  refused: number;
}

function nextMessage<T>(child: ChildProcess, key: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: Record<string, unknown>) => {
      if (!(key in message)) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message[key] as T);
    };
    const onExit = (code: number | null) => reject(new Error(`the bench server exited (code ${code})`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

async function memory(child: ChildProcess): Promise<Memory> {
  const answer = nextMessage<{ rss: number; heapUsed: number }>(child, 'rss');
  child.send('rss');
  const { rss, heapUsed } = await answer;
  return { rssMb: rss / 1024 / 1024, heapMb: heapUsed / 1024 / 1024 };
}

/** One initialize POST over the keep-alive agent; resolves with the status once the body is read. */
function initialize(port: number, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/mcp',
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'content-length': Buffer.byteLength(INITIALIZE),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(INITIALIZE);
  });
}

async function measure(maxSessions: string | undefined): Promise<Measured> {
  const child = fork(SERVER, [], {
    execArgv: ['--conditions=@toolsmith/source', '--expose-gc'],
    env: { ...process.env, ...(maxSessions ? { BENCH_MAX_SESSIONS: maxSessions } : {}) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  try {
    const port = await nextMessage<number>(child, 'port');
    const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    // Warm-up: JIT and lazily loaded modules, so "before" is a server that has served.
    for (let i = 0; i < WARMUP_SESSIONS; i++) await initialize(port, agent);
    const before = await memory(child);
    const initializeMs: number[] = [];
    let refused = 0;
    let next = 0;
    let wallMs = 0;
    const open = async (until: number) => {
      const started = process.hrtime.bigint();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < until) {
            next++;
            const start = process.hrtime.bigint();
            const status = await initialize(port, agent);
            initializeMs.push(elapsedMs(start));
            if (status !== 200) refused++;
          }
        }),
      );
      wallMs += elapsedMs(started);
    };
    await open(SESSIONS / 2);
    const half = await memory(child);
    await open(SESSIONS);
    agent.destroy();
    const after = await memory(child);
    return { before, half, after, initializeMs, wallS: wallMs / 1000, refused };
  } finally {
    child.disconnect();
    if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
  }
}

const mb = (value: number) => `${value.toFixed(0)} MB`;

export async function runHttpSessions(): Promise<BenchmarkResult> {
  const capped = await measure(CAP);
  const uncapped = await measure('Infinity');
  const row = (label: string, m: Measured, versus?: string): ResultRow => ({
    label,
    summary: summarize(m.initializeMs),
    ...(versus ? { versus } : {}),
    note: `RSS ${mb(m.before.rssMb)} → ${mb(m.half.rssMb)} → ${mb(m.after.rssMb)}, live heap ${mb(m.before.heapMb)} → ${mb(m.half.heapMb)} → ${mb(m.after.heapMb)}, ${(SESSIONS / m.wallS).toFixed(0)} sessions/s${m.refused ? `, ${m.refused} refused` : ''}`,
  });
  const secondHalf = (m: Measured) => (m.after.rssMb - m.half.rssMb) / m.half.rssMb;
  const ratio = capped.after.rssMb / uncapped.after.rssMb;
  const baseline = 'no cap (every session kept)';
  return {
    name: 'http-sessions',
    tables: [
      {
        title: `initialize round-trip, ${SESSIONS} initialize-only sessions, ${CONCURRENCY} at a time (keep-alive); memory before → after ${SESSIONS / 2} → after ${SESSIONS}`,
        unit: 'ms',
        rows: [
          row(baseline, uncapped),
          row(
            CAP === undefined ? 'defaults (cap 1000, LRU idle evicted)' : `cap ${CAP} (LRU idle evicted)`,
            capped,
            baseline,
          ),
        ],
      },
    ],
    targets: [
      {
        target: `server RSS grows ≤ ${TARGET_SECOND_HALF_GROWTH * 100}% over the second ${SESSIONS / 2} sessions with the defaults (bounded)`,
        measured: `${(secondHalf(capped) * 100).toFixed(1)}% (no cap: ${(secondHalf(uncapped) * 100).toFixed(0)}%)`,
        met: secondHalf(capped) <= TARGET_SECOND_HALF_GROWTH,
      },
    ],
    notes: [
      `RSS after ${SESSIONS} sessions: ${mb(capped.after.rssMb)} with the defaults, ${mb(uncapped.after.rssMb)} without a cap (${ratio.toFixed(2)}×); live heap ${mb(capped.after.heapMb)} vs ${mb(uncapped.after.heapMb)} (${(capped.after.heapMb / uncapped.after.heapMb).toFixed(2)}×).`,
      `Without a cap every session costs about ${(((uncapped.after.heapMb - uncapped.before.heapMb) * 1024) / SESSIONS).toFixed(0)} KB of live heap; with the defaults the server holds at most 1000 sessions.`,
      `Memory read in the server process after a full GC (--expose-gc); "before" is after ${WARMUP_SESSIONS} warm-up sessions.`,
    ],
  };
}
