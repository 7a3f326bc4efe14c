/**
 * `node tools/emulators/clickup/src/main.ts [clickup] [--host H] [--port P]` (what
 * `npm run emulator -- clickup …` runs): serves the seed workspace until SIGINT or SIGTERM, after
 * printing the API base, the token and the team id as the environment a ClickUp server reads, and
 * the command line that starts `clickup-mcp` against it — the same layout as the Yandex Tracker
 * emulator's command.
 */
import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createClickUpEmulator, type ClickUpEmulator } from '../create-clickup-emulator.ts';

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 4011;

export interface StandaloneIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Resolves when the emulator should stop; default the first SIGINT or SIGTERM. */
  stopped?: Promise<unknown>;
}

export const USAGE = `Usage: npm run emulator -- clickup [--host <host>] [--port <port>]

Runs the ClickUp API emulator (API v2 under /api/v2, the v3 task move and docs under /api/v3) as a
standalone HTTP server with a seed workspace until Ctrl+C or SIGTERM, and prints the environment
that points a server at it, and the command line that starts clickup-mcp against it.

Options:
  --host <host>  Interface to listen on (default: ${DEFAULT_HOST})
  --port <port>  Port to listen on (default: ${DEFAULT_PORT}; 0 picks a free one)
  -h, --help     Show this help
`;

/** The environment the ClickUp server (apps/clickup/src/config.ts) reads. */
export function clickUpEnv(emulator: ClickUpEmulator): Record<string, string> {
  return {
    CLICKUP_API_BASE: emulator.url,
    CLICKUP_API_TOKEN: emulator.token,
    CLICKUP_TEAM_ID: emulator.teamId,
  };
}

/** The server's bin in a checkout of the repository, run from source when it is there. */
const SERVER_SOURCE = new URL('../../../../../apps/clickup/src/bin/clickup-mcp.ts', import.meta.url);

/**
 * The command (without the environment) that starts the ClickUp server over HTTP on port 3001,
 * beside a Tracker server on 3000: from a checkout the app's source, relative to the current
 * directory; elsewhere the published package.
 */
export function serverCommand(source: URL = SERVER_SOURCE): string {
  const args = '--transport http --port 3001';
  if (!existsSync(source)) return `npx -y @toolsmith/clickup-mcp ${args}`;
  const absolute = fileURLToPath(source);
  const path = relative(process.cwd(), absolute);
  return `node --conditions=@toolsmith/source ${shellQuote(path.startsWith('..') ? absolute : path)} ${args}`;
}

const shellQuote = (value: string) =>
  /^[\w@%+=:,./-]*$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;

/** Runs the command line; resolves with the exit code (0 after a clean stop, 1 when it cannot listen, 2 for usage errors). */
export async function runStandalone(
  argv: readonly string[],
  io: StandaloneIo = {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  },
): Promise<number> {
  const usageError = (problem: string) => {
    io.stderr(`${problem}\nRun with --help for the options.\n`);
    return 2;
  };
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: true,
      options: { host: { type: 'string' }, port: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    return usageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout(USAGE);
    return 0;
  }
  // The name is optional: `npm run emulator -- clickup` passes it on.
  const extra = positionals[0] === 'clickup' ? positionals.slice(1) : positionals;
  if (extra.length > 0) return usageError(`Unexpected argument "${extra[0]}".`);
  const host = values.host ?? DEFAULT_HOST;
  if (host.trim() === '') return usageError('--host is empty.');
  const portText = values.port ?? String(DEFAULT_PORT);
  const port = /^\d+$/.test(portText) ? Number(portText) : NaN;
  if (!(port >= 0 && port <= 65535)) {
    return usageError(`--port "${portText}" is not a port number: use an integer from 0 to 65535.`);
  }

  const stopped = io.stopped ?? stopSignal();
  let emulator: ClickUpEmulator;
  try {
    emulator = await createClickUpEmulator({ listen: { host, port } });
  } catch (error) {
    io.stderr(`Cannot listen on ${host}:${port}: ${(error as Error).message}\n`);
    return 1;
  }
  const spaces = emulator.state.spaces.map((s) => s.name).join(', ');
  const assignments = Object.entries(clickUpEnv(emulator)).map(
    ([key, value]) => `${key}=${shellQuote(value)}`,
  );
  io.stdout(
    [
      `ClickUp emulator (workspace ${emulator.teamId}, Spaces ${spaces}) on ${emulator.url}`,
      '',
      'Point a server at it:',
      ...assignments.map((line) => `  ${line}`),
      '',
      'Start clickup-mcp against it:',
      `  ${assignments.join(' ')} ${serverCommand()}`,
      '',
      'Ctrl+C (SIGINT) or SIGTERM stops the emulator.',
      '',
    ].join('\n'),
  );
  await stopped;
  await emulator.close();
  io.stdout('Emulator stopped.\n');
  return 0;
}

/** Resolves on the first SIGINT or SIGTERM (a second one ends the process the default way). */
function stopSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
