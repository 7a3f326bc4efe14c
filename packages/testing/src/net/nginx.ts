/**
 * A real nginx as a child process, for tests and runs that put a proxy in front of servers (the
 * Tracker replicas e2e test, tools/scale-test). The caller writes the config (a function of the
 * port); this starts nginx on a free port of 127.0.0.1 — another one if that port was taken
 * meanwhile —, reloads it with a new config, and stops it. Everything nginx writes (pid, error
 * log, temp directories; the caller's access log) lives in one directory, and `-g 'daemon off;'`
 * keeps the master in the foreground so it is stopped by its pid.
 *
 * Works as root (the master drops its workers to nginx's default user, so the directory is made
 * traversable) and as any other user (nginx then ignores the user switch).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { chmod, readFile, rename, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { delimiter, join } from 'node:path';
import { freePort } from './free-port.ts';

/** Where Debian and most distributions install nginx; CI's PATH often stops at /usr/bin. */
const SBIN_DIRS = ['/usr/sbin', '/usr/local/sbin', '/sbin'];

/** The nginx executable: on PATH, or in the sbin directories CI's PATH leaves out. */
export function findNginx(path = process.env['PATH'] ?? ''): string | undefined {
  for (const dir of [...path.split(delimiter).filter(Boolean), ...SBIN_DIRS]) {
    const candidate = join(dir, 'nginx');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/**
 * The directives every config of a run needs so that nothing is written outside `dir`: pid, error
 * log and the temp paths (put `paths.temp` inside `http { }`).
 */
export function nginxPaths(dir: string): { readonly main: string; readonly temp: string } {
  return {
    main: `pid ${join(dir, 'nginx.pid')};\nerror_log ${join(dir, 'error.log')} warn;`,
    temp: ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
      .map((name) => `${name}_temp_path ${join(dir, name)};`)
      .join('\n'),
  };
}

export interface StartNginxOptions {
  /** The directory for the config, pid, logs and temp files (absolute). */
  readonly dir: string;
  /** The nginx.conf for the port nginx is to listen on (127.0.0.1). */
  readonly config: (port: number) => string;
  /** @default findNginx() */
  readonly executable?: string;
  /** How long nginx may take to accept connections. Default 15 s. */
  readonly readyWithinMs?: number;
  /** How long `reload()` waits for the previous config's workers to exit. Default 10 s. */
  readonly reloadWithinMs?: number;
  /**
   * Called once nginx runs, with a way to end it and its exit: register a last-resort cleanup (a
   * signal, an unexpected exit) and return how to unregister it, called when nginx exits.
   */
  readonly whileRunning?: (end: () => void, exited: Promise<void>) => () => void;
}

export interface RunningNginx {
  /** e.g. `http://127.0.0.1:41234` (no path). */
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  /** e.g. `nginx/1.22.1`. */
  readonly version: string;
  /** The config it runs with (the last one loaded). */
  readonly config: string;
  /**
   * Checks a new config (`nginx -t`; refused, the running one stays, on disk too) and loads it
   * (SIGHUP: the master replaces its workers). Resolves once the previous workers have exited, so
   * every new connection meets the new config.
   */
  reload(config: string): Promise<void>;
  /** A file nginx wrote in the directory (an access log), '' when there is none yet. */
  read(file: string): Promise<string>;
  errorLog(): Promise<string>;
  /** SIGTERM (fast shutdown: the master ends its workers), SIGKILL if it lingers. */
  stop(): Promise<void>;
}

const exitOf = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/** The master's worker processes (Linux: its children as the kernel lists them; [] elsewhere). */
const workersOf = (pid: number): number[] => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
};

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Writes the config to `dir`/nginx.conf and starts nginx on a free port of 127.0.0.1. */
export async function startNginx(options: StartNginxOptions): Promise<RunningNginx> {
  const { dir } = options;
  const executable = options.executable ?? findNginx();
  if (executable === undefined) {
    throw new Error(
      'nginx not found on PATH nor in /usr/sbin, /usr/local/sbin, /sbin. Install it (Debian: apt-get install nginx); .ci/run does.',
    );
  }
  const versionRun = spawnSync(executable, ['-v'], { encoding: 'utf8' });
  const version = /nginx\/[\d.]+/.exec(`${versionRun.stderr}${versionRun.stdout}`)?.[0] ?? 'nginx';
  // As root the workers run as nginx's default user (nobody): they must reach the temp dirs.
  await chmod(dir, 0o755);
  const confPath = join(dir, 'nginx.conf');
  const errorLogPath = join(dir, 'error.log');
  // -p and -e: paths relative to the directory, and the error log from the first moment (before the
  // config is read), not /var/log/nginx.
  const baseArgs = ['-p', `${dir}/`, '-e', errorLogPath, '-c', confPath];
  const read = (file: string) => readFile(join(dir, file), 'utf8').catch(() => '');
  const errorLog = () => read('error.log');
  let lastProblem = '';
  for (let attempt = 1; attempt <= 3; attempt++) {
    const port = await freePort();
    let config = options.config(port);
    await writeFile(confPath, config);
    const child = spawn(executable, [...baseArgs, '-g', 'daemon off;'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = exitOf(child);
    if (options.whileRunning) {
      // SIGTERM, not SIGKILL: the master then ends its workers (killed outright, it would orphan them).
      const unregister = options.whileRunning(() => child.kill('SIGTERM'), exited);
      void exited.then(unregister);
    }
    let ready = false;
    const deadline = performance.now() + (options.readyWithinMs ?? 15_000);
    while (!ready && child.exitCode === null && child.signalCode === null && performance.now() < deadline) {
      ready = await accepts(port);
      if (!ready) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    if (ready && child.pid !== undefined) {
      const pid = child.pid;
      let stopping: Promise<void> | undefined;
      return {
        url: `http://127.0.0.1:${port}`,
        port,
        pid,
        version,
        get config() {
          return config;
        },
        async reload(next) {
          // Tested beside the running config, which stays on disk when nginx refuses the new one.
          const candidatePath = join(dir, 'nginx.next.conf');
          await writeFile(candidatePath, next);
          const test = spawnSync(
            executable,
            ['-p', `${dir}/`, '-e', errorLogPath, '-c', candidatePath, '-t'],
            {
              encoding: 'utf8',
            },
          );
          if (test.status !== 0) throw new Error(`nginx refused its new config:\n${test.stderr}`);
          await rename(candidatePath, confPath);
          config = next;
          // The master starts new workers, then tells the old ones to stop accepting; until they have
          // gone, a new connection may still reach an old worker and the old config.
          const previous = workersOf(pid);
          child.kill('SIGHUP');
          const deadline = performance.now() + (options.reloadWithinMs ?? 10_000);
          for (;;) {
            const left = workersOf(pid).filter((worker) => previous.includes(worker));
            if (left.length === 0) break;
            if (performance.now() > deadline) {
              throw new Error(
                `nginx reloaded, but the workers of the previous config (${left.join(', ')}) still run: a connection they serve is still open.`,
              );
            }
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
        },
        read,
        errorLog,
        stop: () =>
          (stopping ??= (async () => {
            if (child.exitCode !== null || child.signalCode !== null) return;
            child.kill('SIGTERM');
            const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
            await exited;
            clearTimeout(timer);
          })()),
      };
    }
    child.kill('SIGKILL');
    await exited;
    lastProblem = `${output}${await errorLog()}`.trim();
    if (!/Address already in use/.test(lastProblem)) break;
  }
  throw new Error(`nginx did not start:\n${lastProblem || '(no output)'}`);
}
