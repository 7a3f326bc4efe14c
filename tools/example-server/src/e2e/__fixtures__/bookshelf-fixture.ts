/**
 * Shared set-up of the Bookshelf end-to-end tests: the emulator, the server as a child process
 * (stdio or HTTP) or in-process, and a cleanup list every test file drains in `afterEach`.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach } from '@jest/globals';
import { silentLogger, type Logger } from '@toolsmith/core';
import { createMcpServer } from '@toolsmith/core/mcp';
import { connectInMemory, type McpTestConnection } from '@toolsmith/testing';
import {
  createBookshelfEmulator,
  type BookshelfEmulator,
  type BookshelfEmulatorOptions,
} from '../../api/bookshelf-emulator.ts';
import { loadConfig, type BookshelfConfig } from '../../config.ts';
import { createDeps, createRegistry, SERVER_NAME, SERVER_VERSION } from '../../server.ts';
import type { BookshelfDeps } from '../../deps.ts';

/** Distinctive, so a leak into any log or message is easy to grep for. */
export const TOKEN = 'bks_e2e_TOKEN_5f2c9a7d41';
/** Milliseconds between export polls in the tests (the default 500 would make them slow). */
export const POLL_MS = 20;

export const SERVER_MAIN = fileURLToPath(new URL('../../bin/bookshelf-mcp.ts', import.meta.url));
/** `node <NODE_ARGS>` runs the server from its TypeScript sources, as the demo does. */
export const NODE_ARGS = ['--conditions=@toolsmith/source', SERVER_MAIN];

type Closer = () => unknown;

/**
 * Resources to close after each test (or after all tests, for `scope: 'all'`). Closers run in
 * reverse order of registration, so a client closes before the server it talks to.
 */
export function trackResources(scope: 'each' | 'all' = 'each') {
  const closers: Closer[] = [];
  const drain = async () => {
    const errors: unknown[] = [];
    for (const close of closers.splice(0).reverse()) {
      try {
        await close();
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length > 0) throw new AggregateError(errors, 'closing test resources failed');
  };
  (scope === 'each' ? afterEach : afterAll)(drain);
  return {
    add<T>(resource: T, close: (resource: T) => unknown): T {
      closers.push(() => close(resource));
      return resource;
    },
  };
}
export type Resources = ReturnType<typeof trackResources>;

export async function startEmulator(resources: Resources, options: Partial<BookshelfEmulatorOptions> = {}) {
  return resources.add(await createBookshelfEmulator({ token: TOKEN, ...options }), (e) => e.close());
}

/**
 * The environment of a spawned server: the parent's without BOOKSHELF_* and MCP_* variables and
 * without jest's NODE_OPTIONS (the server runs as a user would run it), plus `vars`.
 */
export function serverEnv(vars: Record<string, string | undefined>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (
      value === undefined ||
      key === 'NODE_OPTIONS' ||
      key.startsWith('BOOKSHELF_') ||
      key.startsWith('MCP_')
    )
      continue;
    env[key] = value;
  }
  for (const [key, value] of Object.entries(vars)) if (value !== undefined) env[key] = value;
  return env;
}

export function emulatorEnv(emulator: { url: string }, extra: Record<string, string> = {}) {
  return {
    BOOKSHELF_API_URL: emulator.url,
    BOOKSHELF_TOKEN: TOKEN,
    BOOKSHELF_POLL_MS: String(POLL_MS),
    ...extra,
  };
}

export function testConfig(emulator: { url: string }, extra: Record<string, string> = {}): BookshelfConfig {
  return loadConfig(emulatorEnv(emulator, extra));
}

/** The server in this process, reached by the SDK client over linked in-memory transports. */
export async function connectInProcess(
  resources: Resources,
  emulator: BookshelfEmulator,
  options: { env?: Record<string, string>; logger?: Logger } = {},
): Promise<McpTestConnection> {
  const logger = options.logger ?? silentLogger;
  const mcp = createMcpServer<BookshelfDeps>({
    name: SERVER_NAME,
    version: SERVER_VERSION,
    registry: createRegistry(),
    // The HTTP kit gets the logger too: one debug line per attempt.
    deps: createDeps(testConfig(emulator, options.env), { logger }),
    logger,
  });
  return resources.add(await connectInMemory(mcp), (c) => c.close());
}

export interface SpawnedServer {
  readonly child: ChildProcessWithoutNullStreams;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (null when killed by a signal) once the process has exited. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves with the first match of `pattern` in stderr; rejects if the process exits first. */
  waitForStderr(pattern: RegExp): Promise<RegExpExecArray>;
}

/** Spawns `node <NODE_ARGS> ...args` with pipes on all three streams; killed after the test if still running. */
export function spawnServer(
  resources: Resources,
  args: readonly string[],
  env: Record<string, string>,
): SpawnedServer {
  const child = spawn(process.execPath, [...NODE_ARGS, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  resources.add(child, async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    waitForStderr: (pattern) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(stderr);
          if (!match) return false;
          child.stderr.off('data', check);
          resolve(match);
          return true;
        };
        if (check()) return;
        child.stderr.on('data', check);
        void exited.then(({ code, signal }) => {
          if (!check())
            reject(
              new Error(
                `server exited (code ${code}, signal ${signal}) before logging ${pattern}:\n${stderr}`,
              ),
            );
        });
      }),
  };
}

/** Polls `condition` until it holds; fails with `what` after `timeoutMs`. For state with no event to await. */
export async function waitFor(condition: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Resolves when `promise` settles, or rejects after `ms` with `what` — for "promptly" assertions
 * on events (a process exit) without a fixed sleep.
 */
export async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A URL on 127.0.0.1 where nothing listens (a port that was free a moment ago): connections are refused. */
export async function refusingUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

/** Requests the emulator received for `path` (a prefix match), e.g. `'/v1/exports/'`. */
export function requestsTo(emulator: BookshelfEmulator, method: string, pathPrefix: string) {
  return emulator.requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix));
}

/** A minimal JSON-RPC 2.0 peer over a spawned server's stdin/stdout, for wire-level checks. */
export function jsonRpcPeer(server: SpawnedServer) {
  const send = (message: Record<string, unknown>) =>
    server.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  const lines = () =>
    server
      .stdout()
      .split('\n')
      .filter((line) => line !== '');
  const response = async (id: number) => {
    const find = () =>
      lines()
        .map((line) => {
          try {
            return JSON.parse(line) as { id?: unknown; result?: unknown; error?: unknown };
          } catch {
            return undefined;
          }
        })
        .find((message) => message?.id === id);
    await waitFor(() => find() !== undefined, `the response to request ${id}`);
    return find()!;
  };
  const initialize = async (id = 1) => {
    send({
      id,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'raw-e2e', version: '1.0.0' },
      },
    });
    const answer = await response(id);
    send({ method: 'notifications/initialized' });
    return answer;
  };
  return { send, lines, response, initialize };
}
