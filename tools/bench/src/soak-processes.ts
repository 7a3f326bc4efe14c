/**
 * The soak's server processes (soak.ts): each server's real bin, from source
 * (`--conditions=@toolsmith/source`), with the metrics preload (fixtures/soak/metrics-preload.mjs,
 * `--expose-gc --import`) and the soak's Node flags (`nodeFlags`) — Streamable HTTP on 127.0.0.1
 * (spawned here), or stdio (spawned by the harness' `connectStdio`, the SDK client's own stdio
 * transport). Their stderr is read line by line: a `SOAK_METRICS` line becomes a sample, completed
 * at once from /proc (open file descriptors, threads, the RSS of child processes — the ClickUp
 * server's sandbox hosts); JSON log lines are counted by level, warnings and errors kept by message.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { connectStdio, type ClientEra, type StdioConnection } from '@toolsmith/testing';

export type ServerName = 'tracker' | 'clickup';
export type Era = Exclude<ClientEra, 'auto'>;
/** Where the run is when a sample is taken (soak.ts moves it on). */
export type Phase = 'start' | 'warm-up' | 'quiet after warm-up' | 'loaded' | 'quiet at the end' | 'stopping';

export const ERA_VERSION: Record<Era, string> = { legacy: '2025-11-25', modern: '2026-07-28' };

export interface Sample {
  /** Seconds since the soak started. */
  t: number;
  phase: Phase;
  rssMb: number;
  heapMb: number;
  /** V8's heap as reserved (used or not). */
  heapTotalMb: number;
  /** V8's heap as resident in RAM, and of it the new space (the young generation). */
  v8PhysicalMb?: number;
  newSpaceMb?: number;
  /** Heap used right after a forced full GC (every 6th sample). */
  liveHeapMb?: number;
  externalMb: number;
  /** Event-loop delay of the interval, ms beyond the timer period (undefined: no timer fired). */
  eldP50?: number;
  eldP99?: number;
  eldMax?: number;
  /** process.getActiveResourcesInfo(): what keeps the event loop alive. */
  handles: number;
  byType: Record<string, number>;
  /** Entries of /proc/<pid>/fd. */
  fds: number;
  threads: number;
  /** Child processes (the ClickUp sandbox hosts) and their RSS. */
  children: number;
  childRssMb: number;
  /** CPU time (user + system) of the process so far, and of its live children, in seconds. */
  cpuS: number;
  childCpuS: number;
}

export interface LogMessage {
  level: string;
  msg: string;
  count: number;
  /** One full line, as a sample. */
  example: string;
}

export interface ServerProcess {
  readonly label: string;
  readonly server: ServerName;
  readonly transport: 'stdio' | 'http';
  /** The stdio client's era (an HTTP server takes both). */
  readonly era?: Era;
  readonly pid: number;
  readonly samples: Sample[];
  /** Log lines by level. */
  readonly levels: Record<string, number>;
  /** Warnings and errors, by message. */
  readonly messages: Map<string, LogMessage>;
  /** HTTP: `http://127.0.0.1:<port>/mcp`. */
  readonly url?: string;
  /** stdio: the one client this server has for its life. */
  readonly connection?: StdioConnection;
  /** Set when the process exited before stop() was called. */
  readonly unexpectedExit: string | undefined;
  readonly alive: boolean;
  /** Resolves once a sample newer than `afterT` (seconds) has arrived. */
  nextSample(afterT: number, timeoutMs: number): Promise<Sample | undefined>;
  stop(): Promise<void>;
}

const BINS: Record<ServerName, string> = {
  tracker: fileURLToPath(import.meta.resolve('@toolsmith/yandex-tracker-mcp/bin')),
  clickup: fileURLToPath(import.meta.resolve('@toolsmith/clickup-mcp/bin')),
};
const PRELOAD = fileURLToPath(new URL('./fixtures/soak/metrics-preload.mjs', import.meta.url));
const MB = 1024 * 1024;
const MARK = 'SOAK_METRICS ';

/** The parent's environment without the servers' own variables and without NODE_OPTIONS. */
export function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || key === 'NODE_OPTIONS' || /^(YANDEX_|CLICKUP_|MCP_|KNOWLEDGE_)/.test(key))
      continue;
    if (key === 'DATABASE_URL') continue;
    env[key] = value;
  }
  return env;
}

const nodeArgs = (server: ServerName, nodeFlags: readonly string[]) => [
  '--conditions=@toolsmith/source',
  '--expose-gc',
  ...nodeFlags,
  '--import',
  PRELOAD,
  BINS[server],
];

/** utime + stime of /proc/<pid>/stat, in seconds (USER_HZ 100). */
function cpuSeconds(pid: number): number {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function readProc(pid: number) {
  let fds = Number.NaN;
  let threads = Number.NaN;
  let cpuS = Number.NaN;
  try {
    fds = readdirSync(`/proc/${pid}/fd`).length;
    threads = Number(/^Threads:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    cpuS = cpuSeconds(pid);
  } catch {
    // gone
  }
  let children = 0;
  let childRssKb = 0;
  let childCpuS = 0;
  const walk = (parent: number) => {
    for (const child of childPids(parent)) {
      children++;
      try {
        childRssKb += Number(
          /^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${child}/status`, 'utf8'))?.[1] ?? 0,
        );
        childCpuS += cpuSeconds(child);
      } catch {
        // exited meanwhile
      }
      walk(child);
    }
  };
  walk(pid);
  return { fds, threads, children, childRssMb: childRssKb / 1024, cpuS, childCpuS };
}

function childPids(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) => {
      try {
        return readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8')
          .trim()
          .split(/\s+/)
          .filter(Boolean)
          .map(Number);
      } catch {
        return [];
      }
    });
  } catch {
    return [];
  }
}

interface Tracker {
  samples: Sample[];
  levels: Record<string, number>;
  messages: Map<string, LogMessage>;
  waiters: Set<() => void>;
  feed(text: string): void;
}

/** Parses stderr as it arrives: metrics lines into samples, log lines into counts. */
function stderrReader(pid: () => number, clock: () => { t: number; phase: Phase }): Tracker {
  let partial = '';
  const tracker: Tracker = {
    samples: [],
    levels: {},
    messages: new Map(),
    waiters: new Set(),
    feed(text) {
      const lines = (partial + text).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) handle(line);
    },
  };
  const handle = (line: string) => {
    if (line.startsWith(MARK)) {
      const m = JSON.parse(line.slice(MARK.length)) as Record<string, unknown>;
      const { t, phase } = clock();
      const num = (key: string) => (typeof m[key] === 'number' ? (m[key] as number) : undefined);
      tracker.samples.push({
        t,
        phase,
        rssMb: (num('rss') ?? 0) / MB,
        heapMb: (num('heapUsed') ?? 0) / MB,
        heapTotalMb: (num('heapTotal') ?? 0) / MB,
        ...(num('v8Physical') === undefined ? {} : { v8PhysicalMb: num('v8Physical')! / MB }),
        ...(num('newSpace') === undefined ? {} : { newSpaceMb: num('newSpace')! / MB }),
        ...(num('liveHeap') === undefined ? {} : { liveHeapMb: num('liveHeap')! / MB }),
        externalMb: (num('external') ?? 0) / MB,
        ...(num('eldP99') === undefined
          ? {}
          : { eldP50: num('eldP50')!, eldP99: num('eldP99')!, eldMax: num('eldMax')! }),
        handles: num('handles') ?? 0,
        byType: (m['byType'] as Record<string, number>) ?? {},
        ...readProc(pid()),
      });
      for (const wake of [...tracker.waiters]) wake();
      return;
    }
    if (!line.startsWith('{')) return;
    let entry: { level?: string; msg?: string };
    try {
      entry = JSON.parse(line) as { level?: string; msg?: string };
    } catch {
      return;
    }
    const level = entry.level ?? 'unknown';
    tracker.levels[level] = (tracker.levels[level] ?? 0) + 1;
    if (level === 'warn' || level === 'error') {
      const key = `${level} ${entry.msg ?? ''}`;
      const known = tracker.messages.get(key);
      if (known) known.count++;
      else tracker.messages.set(key, { level, msg: entry.msg ?? '', count: 1, example: line.slice(0, 600) });
    }
  };
  return tracker;
}

function nextSampleOf(tracker: Tracker) {
  return (afterT: number, timeoutMs: number) =>
    new Promise<Sample | undefined>((resolve) => {
      const check = () => {
        const last = tracker.samples.at(-1);
        if (last && last.t > afterT) {
          done(last);
          return true;
        }
        return false;
      };
      const timer = setTimeout(() => done(undefined), timeoutMs);
      const wake = () => void check();
      const done = (sample: Sample | undefined) => {
        clearTimeout(timer);
        tracker.waiters.delete(wake);
        resolve(sample);
      };
      if (!check()) tracker.waiters.add(wake);
    });
}

export interface StartOptions {
  server: ServerName;
  label: string;
  env: Record<string, string>;
  /** Working directory (a temp dir: nothing is written into the checkout). */
  cwd: string;
  /** Flags after the transport's. */
  args: readonly string[];
  /** Node/V8 flags before the bin (e.g. `--max-semi-space-size=16`). */
  nodeFlags: readonly string[];
  sampleMs: number;
  clock: () => { t: number; phase: Phase };
}

/** `<bin> --transport http --host 127.0.0.1 --port 0 …`; resolves once it logged its URL. */
export async function startHttpServer(options: StartOptions): Promise<ServerProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...nodeArgs(options.server, options.nodeFlags),
      '--transport',
      'http',
      '--host',
      '127.0.0.1',
      '--port',
      '0',
      ...options.args,
    ],
    {
      cwd: options.cwd,
      env: { ...baseEnv(), ...options.env, SOAK_METRICS_MS: String(options.sampleMs) },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const pid = child.pid ?? -1;
  const tracker = stderrReader(() => pid, options.clock);
  let head = '';
  let stopping = false;
  let unexpectedExit: string | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      if (!stopping) unexpectedExit = `exited (${signal ?? `code ${code}`})`;
      resolve();
    }),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${options.label}: no URL logged in 60 s:\n${head}`)),
      60_000,
    );
    child.stderr!.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      tracker.feed(text);
      if (head.length < 64 * 1024) head += text;
      const match = /"url":"(http:\/\/[^"]+)"/.exec(head);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`${options.label} ${unexpectedExit ?? 'exited'} before listening:\n${head}`));
    });
  });
  return {
    label: options.label,
    server: options.server,
    transport: 'http',
    pid,
    url,
    samples: tracker.samples,
    levels: tracker.levels,
    messages: tracker.messages,
    get unexpectedExit() {
      return unexpectedExit;
    },
    get alive() {
      return child.exitCode === null && child.signalCode === null;
    },
    nextSample: nextSampleOf(tracker),
    async stop() {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(force);
    },
  };
}

/** The server over stdio with one SDK client of `era` for its whole life (the harness' connectStdio). */
export async function startStdioServer(options: StartOptions & { era: Era }): Promise<ServerProcess> {
  let pid = -1;
  const tracker = stderrReader(() => pid, options.clock);
  const connection = await connectStdio({
    command: process.execPath,
    args: [...nodeArgs(options.server, options.nodeFlags), ...options.args],
    env: { ...options.env, SOAK_METRICS_MS: String(options.sampleMs) },
    cwd: options.cwd,
    era: options.era,
    name: `soak-stdio-${options.era}`,
  });
  pid = connection.pid ?? -1;
  // connectStdio keeps the whole stderr; read what is new, often.
  let offset = 0;
  const poll = () => {
    const text = connection.stderr();
    if (text.length > offset) {
      tracker.feed(text.slice(offset));
      offset = text.length;
    }
  };
  const poller = setInterval(poll, 250);
  let stopping = false;
  let unexpectedExit: string | undefined;
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const watcher = setInterval(() => {
    if (!stopping && !alive()) unexpectedExit ??= 'exited (its stdio client still connected)';
  }, 1000);
  return {
    label: options.label,
    server: options.server,
    transport: 'stdio',
    era: options.era,
    pid,
    connection,
    samples: tracker.samples,
    levels: tracker.levels,
    messages: tracker.messages,
    get unexpectedExit() {
      return unexpectedExit;
    },
    get alive() {
      return alive();
    },
    nextSample: nextSampleOf(tracker),
    async stop() {
      stopping = true;
      clearInterval(watcher);
      // Closing the client closes the server's stdin: a stdio server exits then.
      await connection.close().catch(() => undefined);
      for (let i = 0; i < 100 && alive(); i++) await new Promise((resolve) => setTimeout(resolve, 100));
      if (alive()) process.kill(pid, 'SIGKILL');
      poll();
      clearInterval(poller);
    },
  };
}
