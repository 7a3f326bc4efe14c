/**
 * One `yandex-tracker-mcp --transport http` process from the sources, on a free port it picks itself
 * (`--port 0`, read back from its "MCP server listening" line), ready once its `/health` answers.
 * Free of jest (measure-replicas.ts runs it with plain node).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/yandex-tracker-mcp.ts', import.meta.url));

/** The parent's environment without YANDEX_*, MCP_* and NODE_OPTIONS (jest's), plus `vars`. */
function serverEnv(vars: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || key === 'NODE_OPTIONS' || key.startsWith('YANDEX_') || key.startsWith('MCP_'))
      continue;
    env[key] = value;
  }
  return { ...env, ...vars };
}

export interface ReplicaProcess {
  readonly name: string;
  readonly port: number;
  /** `http://127.0.0.1:<port>`: the replica itself, not through the proxy. */
  readonly origin: string;
  readonly pid: number;
  /** Everything it wrote to stderr (its JSON log lines). */
  stderr(): string;
  /** Sends `signal` and resolves with the exit code (null when killed by the signal). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface StartReplicaOptions {
  name: string;
  /** Flags after `--transport http --port <port>`. */
  args: readonly string[];
  /** @default 0: a free one, read back from the log */
  port?: number;
  /** The environment (the test's own YANDEX_* and MCP_* are never passed on). */
  env: Record<string, string>;
  /** @default 60 s */
  timeoutMs?: number;
}

/** Spawns the bin and waits until it serves `/health`; rejects with its stderr if it exits first. */
export async function startReplica(options: StartReplicaOptions): Promise<ReplicaProcess> {
  const child = spawn(
    process.execPath,
    [
      '--conditions=@toolsmith/source',
      BIN,
      '--transport',
      'http',
      '--port',
      String(options.port ?? 0),
      ...options.args,
    ],
    { env: serverEnv(options.env), stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const timeoutMs = options.timeoutMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  const fail = (why: string) => new Error(`replica ${options.name} ${why}:\n${stderr}`);
  let port: number | undefined;
  while (port === undefined) {
    if (child.exitCode !== null || child.signalCode !== null) throw fail(`exited (${child.exitCode})`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw fail(`did not listen within ${timeoutMs} ms`);
    }
    const match = /"msg":"MCP server listening".*?"url":"http:\/\/127\.0\.0\.1:(\d+)\/mcp"/.exec(stderr);
    if (match) port = Number(match[1]);
    else await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const origin = `http://127.0.0.1:${port}`;
  for (;;) {
    const status = await fetch(`${origin}/health`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) break;
    if (child.exitCode !== null) throw fail(`exited (${child.exitCode}) before /health answered`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw fail(`did not answer /health within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    name: options.name,
    port,
    origin,
    pid: child.pid!,
    stderr: () => stderr,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Runs the bin to its end (a refusal at start): its exit code and stderr. */
export async function runToExit(
  args: readonly string[],
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<{ code: number | null; stderr: string }> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--conditions=@toolsmith/source', BIN, '--transport', 'http', '--port', '0', ...args],
    { env: serverEnv(env), stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  clearTimeout(timer);
  return { code, stderr };
}
