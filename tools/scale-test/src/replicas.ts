/**
 * Replicas of the Yandex Tracker MCP server: the real bin (`--transport http`, stateless, the
 * default), each a child process on its own port of 127.0.0.1, all on one API emulator.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { onExit } from './exit-cleanup.ts';

/** The server's bin, from the workspace sources (run with `--conditions=@toolsmith/source`). */
export const TRACKER_BIN = fileURLToPath(import.meta.resolve('@toolsmith/yandex-tracker-mcp/bin'));

const KEEP_STDERR = 64 * 1024;

export interface ReplicaOptions {
  index: number;
  /** Environment on top of the parent's (minus its YANDEX_*, MCP_* and NODE_OPTIONS). */
  env: Record<string, string>;
  /** Serve flags after `--transport http --host 127.0.0.1 --port 0`. */
  args?: readonly string[];
  /** How long to wait for the "listening" line. @default 30 s */
  startTimeoutMs?: number;
}

export interface Replica {
  readonly index: number;
  /** e.g. `http://127.0.0.1:41234/mcp`. */
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  /** Resolves when the process has exited. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly alive: boolean;
  /** The last 64 KB of its stderr (JSON log lines). */
  stderr(): string;
  /** SIGKILL — a crash: no draining, the kernel closes its sockets. Resolves on exit. */
  crash(): Promise<void>;
  /** SIGTERM (graceful), SIGKILL after 6 s. */
  stop(): Promise<void>;
}

/** The parent's environment without the server's own variables and without jest's NODE_OPTIONS. */
function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || key === 'NODE_OPTIONS' || key.startsWith('YANDEX_') || key.startsWith('MCP_'))
      continue;
    env[key] = value;
  }
  return env;
}

function exitOf(child: ChildProcess): Replica['exited'] {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });
}

export async function startReplica(options: ReplicaOptions): Promise<Replica> {
  const child = spawn(
    process.execPath,
    [
      '--conditions=@toolsmith/source',
      TRACKER_BIN,
      '--transport',
      'http',
      '--host',
      '127.0.0.1',
      '--port',
      '0',
      ...(options.args ?? []),
    ],
    { env: { ...baseEnv(), ...options.env }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = exitOf(child);
  const unregister = onExit(() => child.kill('SIGKILL'), exited);
  void exited.then(unregister);
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timeout = options.startTimeoutMs ?? 30_000;
    const timer = setTimeout(() => {
      reject(new Error(`replica ${options.index}: no "listening" line in ${timeout} ms:\n${stderr}`));
    }, timeout);
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-KEEP_STDERR);
      const match = /"url":"(http:\/\/[^"]+)"/.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`replica ${options.index} exited (${signal ?? code}) before listening:\n${stderr}`));
    });
  }).catch(async (error: unknown) => {
    child.kill('SIGKILL');
    await exited;
    throw error;
  });
  const pid = child.pid!;
  let stopping: Promise<void> | undefined;
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    index: options.index,
    url,
    port: Number(new URL(url).port),
    pid,
    exited,
    get alive() {
      return alive();
    },
    stderr: () => stderr,
    async crash() {
      if (alive()) child.kill('SIGKILL');
      await exited;
    },
    stop: () =>
      (stopping ??= (async () => {
        if (!alive()) return;
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 6000);
        await exited;
        clearTimeout(timer);
      })()),
  };
}

/** Starts `count` replicas at once; if one fails to start, stops the others and throws. */
export async function startReplicas(
  count: number,
  options: (index: number) => ReplicaOptions,
): Promise<Replica[]> {
  const started = await Promise.allSettled(Array.from({ length: count }, (_, i) => startReplica(options(i))));
  const replicas = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failure = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failure) {
    await Promise.all(replicas.map((r) => r.stop()));
    throw failure.reason;
  }
  return replicas;
}
