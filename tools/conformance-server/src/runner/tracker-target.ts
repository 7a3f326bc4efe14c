/**
 * The Yandex Tracker MCP server as a conformance target: the API emulator
 * (tools/emulators/yandex-tracker, what `npm run emulator -- yandex-tracker` runs) and the server's
 * bin from source (`--transport http`, stateless — its default), both on ports of 127.0.0.1 the
 * kernel picks (`--port 0`), each a tracked child process. The server gets the environment the
 * emulator prints (API base, a token it accepts, the organisation id).
 */
import path from 'node:path';
import { spawnTracked, stopChild, type TrackedChild } from './child-processes.ts';
import { workspaceRoot } from './conformance-suite.ts';
import { waitForHealth } from './wait-for-health.ts';

const EMULATOR_MAIN = path.join(workspaceRoot, 'tools/emulators/yandex-tracker/src/main.ts');
const TRACKER_BIN = path.join(workspaceRoot, 'apps/yandex-tracker/src/bin/yandex-tracker-mcp.ts');
const KEEP_LOG = 20_000;
const START_TIMEOUT_MS = 30_000;

export interface TrackerTarget {
  /** The server's MCP endpoint, e.g. `http://127.0.0.1:41234/mcp`. */
  readonly url: string;
  readonly emulatorUrl: string;
  /** The tail of both processes' output, for a failure report. */
  log(): string;
  stop(): Promise<void>;
}

/** Resolves with the first match of `pattern` in the process's `stream` output. */
function awaitOutput(
  proc: TrackedChild,
  stream: 'stdout' | 'stderr',
  pattern: RegExp,
  what: string,
  logged: (text: string) => void,
): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(
      () => reject(new Error(`${what}: nothing in ${START_TIMEOUT_MS} ms`)),
      START_TIMEOUT_MS,
    );
    proc.child[stream]?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      logged(chunk.toString());
      const match = pattern.exec(text);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    });
    void proc.exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`${what}: the process exited (${signal ?? code}) first`));
    });
  });
}

/** The parent's environment without the server's own variables and without NODE_OPTIONS. */
function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || key === 'NODE_OPTIONS' || key.startsWith('YANDEX_') || key.startsWith('MCP_'))
      continue;
    env[key] = value;
  }
  return env;
}

/** `KEY=value` lines of the emulator's "Point a server at it:" block. */
function emulatorEnv(banner: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [, key, raw] of banner.matchAll(/^ {2}(YANDEX_[A-Z0-9_]+)=(\S+)$/gm)) {
    env[key!] = raw!.startsWith("'") ? raw!.slice(1, -1).replaceAll(`'\\''`, "'") : raw!;
  }
  return env;
}

export async function startTrackerTarget(serverArgs: readonly string[] = []): Promise<TrackerTarget> {
  let log = '';
  const append = (name: string) => (text: string) => {
    log = (log + text.replace(/^(?=.)/gm, `[${name}] `)).slice(-KEEP_LOG);
  };
  const children: TrackedChild[] = [];
  const stop = async () => {
    // the server first: it may still be calling the emulator
    for (const child of children.toReversed()) await stopChild(child);
  };
  try {
    const emulator = spawnTracked(
      process.execPath,
      [
        '--conditions=@toolsmith/source',
        EMULATOR_MAIN,
        'yandex-tracker',
        '--host',
        '127.0.0.1',
        '--port',
        '0',
      ],
      { cwd: workspaceRoot, env: baseEnv(), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    children.push(emulator);
    emulator.child.stderr?.on('data', (chunk: Buffer) => append('emulator')(chunk.toString()));
    const banner = await awaitOutput(
      emulator,
      'stdout',
      /^.* on (http:\/\/\S+)\n[\s\S]*stops the emulator\.\n/,
      'the Yandex Tracker emulator did not print its URL',
      append('emulator'),
    );
    const emulatorUrl = banner[1]!;
    const env = emulatorEnv(banner[0]);
    if (!env['YANDEX_TRACKER_API_BASE'] || !env['YANDEX_TRACKER_TOKEN']) {
      throw new Error(`the emulator printed no server environment:\n${banner[0]}`);
    }

    const server = spawnTracked(
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
        ...serverArgs,
      ],
      { cwd: workspaceRoot, env: { ...baseEnv(), ...env }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    children.push(server);
    const listening = await awaitOutput(
      server,
      'stderr',
      /"url":"(http:\/\/[^"]+)"/,
      'the Yandex Tracker MCP server did not log "listening"',
      append('yandex-tracker-mcp'),
    );
    const url = listening[1]!;
    await waitForHealth(new URL('/health', url).href, server, 'the Yandex Tracker MCP server');
    return { url, emulatorUrl, log: () => log, stop };
  } catch (error) {
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${log}`, { cause: error });
  }
}
