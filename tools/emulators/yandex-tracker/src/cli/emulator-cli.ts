/**
 * `npm run emulator -- <name> [--host H] [--port P]`: runs an API emulator as a standalone HTTP
 * server until SIGINT or SIGTERM, after printing its URL, the environment that points a server at
 * it and a command line that starts that server. Emulators are looked up by name in the table the
 * caller passes (src/main.ts), so another emulator is one more entry.
 */
import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** A running emulator, as the CLI sees it. */
export interface StandaloneInstance {
  /** Where the emulator listens. */
  readonly url: string;
  close(): Promise<void>;
}

export interface StandaloneEmulator<T extends StandaloneInstance = StandaloneInstance> {
  /** One line for --help. */
  readonly summary: string;
  /** Starts the emulator listening on `host:port` (rejects when it cannot listen there). */
  start(listen: { host: string; port: number }): Promise<T>;
  /** What to print once it listens on `url`: environment for a server, and how to start that server. */
  describe(
    instance: T,
    url: string,
  ): {
    title: string;
    env: Record<string, string>;
    /** The server this emulator stands in for, and the command (without the environment) that starts it. */
    server?: { name: string; command: string };
  };
}

export interface EmulatorCliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Resolves when the emulator should stop; default the first SIGINT or SIGTERM. */
  stopped?: Promise<unknown>;
}

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 4010;

/** The usage text; `name`: the emulator asked about (`-- yandex-tracker --help`), named in its first line. */
export function emulatorUsage(
  emulators: Readonly<Record<string, StandaloneEmulator>>,
  name?: string,
): string {
  const names = Object.keys(emulators);
  const width = Math.max(...names.map((n) => n.length)) + 2;
  const shown = name !== undefined && Object.hasOwn(emulators, name) ? name : '<name>';
  return `Usage: npm run emulator -- ${shown} [--host <host>] [--port <port>]

Runs an API emulator as a standalone HTTP server (in-memory state, seed data) until Ctrl+C or SIGTERM,
and prints the environment that points a server at it.

Emulators:
${names.map((n) => `  ${n.padEnd(width)}${emulators[n]!.summary}`).join('\n')}

Options:
  --host <host>  Interface to listen on (default: ${DEFAULT_HOST})
  --port <port>  Port to listen on (default: ${DEFAULT_PORT}; 0 picks a free one)
  -h, --help     Show this help
`;
}

/** Runs the command line; resolves with the exit code (0 after a clean stop, 1 when it cannot listen, 2 for usage errors). */
export async function runEmulatorCli(
  argv: readonly string[],
  emulators: Readonly<Record<string, StandaloneEmulator>>,
  io: EmulatorCliIo = {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  },
): Promise<number> {
  const available = Object.keys(emulators).join(', ');
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
      options: {
        host: { type: 'string' },
        port: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return usageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout(emulatorUsage(emulators, positionals[0]));
    return 0;
  }
  const [name, ...extra] = positionals;
  if (name === undefined) return usageError(`Name an emulator to run. Available emulators: ${available}.`);
  const emulator = Object.hasOwn(emulators, name) ? emulators[name] : undefined;
  if (!emulator) return usageError(`Unknown emulator "${name}". Available emulators: ${available}.`);
  if (extra.length > 0) return usageError(`Unexpected argument "${extra[0]}".`);
  const host = values.host ?? DEFAULT_HOST;
  if (host.trim() === '') return usageError('--host is empty.');
  const portText = values.port ?? String(DEFAULT_PORT);
  const port = /^\d+$/.test(portText) ? Number(portText) : NaN;
  if (!(port >= 0 && port <= 65535)) {
    return usageError(`--port "${portText}" is not a port number: use an integer from 0 to 65535.`);
  }

  const stopped = io.stopped ?? stopSignal();
  let instance: StandaloneInstance;
  try {
    instance = await emulator.start({ host, port });
  } catch (error) {
    io.stderr(`Cannot listen on ${host}:${port}: ${(error as Error).message}\n`);
    return 1;
  }
  const { title, env, server } = emulator.describe(instance, instance.url);
  const assignments = Object.entries(env).map(([key, value]) => `${key}=${shellQuote(value)}`);
  io.stdout(
    [
      `${title} on ${instance.url}${instance.url.includes(host) ? '' : ` (listening on ${host})`}`,
      '',
      'Point a server at it:',
      ...assignments.map((line) => `  ${line}`),
      ...(server
        ? ['', `Start ${server.name} against it:`, `  ${assignments.join(' ')} ${server.command}`]
        : []),
      '',
      'Ctrl+C (SIGINT) or SIGTERM stops the emulator.',
      '',
    ].join('\n'),
  );
  await stopped;
  await instance.close();
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

const shellQuote = (value: string) =>
  /^[\w@%+=:,./-]*$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;

/**
 * How to run a repository script: `node --conditions=@toolsmith/source <path>` relative to the current
 * directory when `file` exists (a source checkout), else `fallback` (the published bin).
 */
export function sourceCommand(file: URL, fallback: string): string {
  if (!existsSync(file)) return fallback;
  const absolute = fileURLToPath(file);
  const path = relative(process.cwd(), absolute);
  return `node --conditions=@toolsmith/source ${shellQuote(path.startsWith('..') ? absolute : path)}`;
}
