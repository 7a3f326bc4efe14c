/**
 * A real nginx in front of the replicas, as a child process: the config and every file nginx
 * writes (pid, error log, access log, temp directories) live in one directory, and
 * `-g 'daemon off;'` keeps the master in the foreground so it can be stopped by its pid.
 *
 * Works as root (the master drops its workers to nginx's default user, so the directory is made
 * traversable) and as any other user (nginx then ignores the user switch).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { delimiter, join } from 'node:path';
import { onExit } from './exit-cleanup.ts';
import { freePort } from '@toolsmith/testing';

/** Where Debian and most distributions install nginx; CI's PATH often stops at /usr/bin. */
const SBIN_DIRS = ['/usr/sbin', '/usr/local/sbin', '/sbin'];

export interface Upstream {
  host: string;
  port: number;
}

export interface NginxConfigOptions {
  /** The directory for pid, logs and temp files (absolute). */
  dir: string;
  /** Where nginx listens (127.0.0.1). */
  port: number;
  upstreams: readonly Upstream[];
  /**
   * The upstream group's name, sent to the replicas as `Host` (nginx's `$proxy_host`). The
   * replicas allow it with `--allowed-hosts`; without that, a server bound to loopback answers 403.
   */
  upstreamName: string;
}

/** The nginx.conf of a run: round robin over the replicas, no sticky sessions, SSE unbuffered. */
export function nginxConfig({ dir, port, upstreams, upstreamName }: NginxConfigOptions): string {
  const servers = upstreams.map((u) => `    server ${u.host}:${u.port} max_fails=0;`).join('\n');
  return `# Written by tools/scale-test for one run; everything nginx writes stays in this directory.
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;

events {
  worker_connections 1024;
}

http {
  client_body_temp_path ${join(dir, 'client_body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};

  # The request body too, to tell writes among the requests nginx moved (test data only).
  log_format scale '$status|$request_method|$request_uri|$upstream_addr|$upstream_status|$request_time|$http_user_agent|$request_body';
  access_log ${join(dir, 'access.log')} scale;

  # Round robin (the default balancer): no ip_hash, hash or sticky — any request may reach any
  # replica, which only works because the replicas are stateless. max_fails=0: nginx never takes
  # a replica out of the rotation, so after the kill every third request tries the dead one first
  # and is moved on (see proxy_next_upstream) — the safe path, exercised on every such request.
  upstream ${upstreamName} {
${servers}
  }

  server {
    listen 127.0.0.1:${port};

    location / {
      proxy_pass http://${upstreamName};
      # HTTP/1.1 to the replicas: chunked SSE responses. No upstream keepalive pool, so every
      # request opens a fresh connection: a dead replica shows as "connection refused" before
      # anything is sent, never as a reused socket that breaks after the request went out.
      proxy_http_version 1.1;
      # "${upstreamName}" — the replicas run with --allowed-hosts ${upstreamName}.
      proxy_set_header Host $proxy_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      # Stream SSE events to the client as the replica writes them.
      proxy_buffering off;
      proxy_cache off;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
      # nginx's default, spelled out: on a connect error or timeout try the next replica — for a
      # POST only if the request was not sent yet (non_idempotent is NOT listed), so a tool call
      # never runs twice because of nginx.
      proxy_next_upstream error timeout;
      proxy_next_upstream_tries ${upstreams.length};
    }
  }
}
`;
}

/** The nginx executable: on PATH, or in the sbin directories CI's PATH leaves out. */
export function findNginx(path = process.env.PATH ?? ''): string | undefined {
  const dirs = [...path.split(delimiter).filter(Boolean), ...SBIN_DIRS];
  for (const dir of dirs) {
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

export interface AccessLogEntry {
  status: number;
  method: string;
  uri: string;
  /** The replicas tried, in order: more than one when nginx moved the request on. */
  upstreams: string[];
  upstreamStatuses: string[];
  seconds: number;
  userAgent: string;
  /** The JSON-RPC request as nginx logs it (quotes escaped as \x22). */
  body: string;
}

export interface RunningNginx {
  /** e.g. `http://127.0.0.1:41234` (no path). */
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  /** e.g. `nginx/1.22.1`. */
  readonly version: string;
  readonly config: string;
  accessLog(): Promise<AccessLogEntry[]>;
  errorLog(): Promise<string>;
  /** SIGTERM (fast shutdown: the master ends its workers), SIGKILL if it lingers. */
  stop(): Promise<void>;
}

export interface StartNginxOptions {
  dir: string;
  upstreams: readonly Upstream[];
  upstreamName: string;
  /** @default findNginx() */
  executable?: string;
}

function exitOf(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

async function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** nginx joins the servers a request went to with ", " (and " : " across internal redirects). */
const list = (value: string | undefined) => (value ?? '').split(/, | : /).filter((s) => s && s !== '-');

function parseAccessLog(text: string): AccessLogEntry[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [status, method, uri, upstream, upstreamStatus, seconds, agent, ...body] = line.split('|');
      return {
        status: Number(status),
        method: method ?? '',
        uri: uri ?? '',
        upstreams: list(upstream),
        upstreamStatuses: list(upstreamStatus),
        seconds: Number(seconds),
        userAgent: agent ?? '',
        body: body.join('|'),
      };
    });
}

/** Writes the config to `dir` and starts nginx on a free port of 127.0.0.1. */
export async function startNginx(options: StartNginxOptions): Promise<RunningNginx> {
  const executable = options.executable ?? findNginx();
  if (executable === undefined) {
    throw new Error(
      'nginx not found on PATH nor in /usr/sbin, /usr/local/sbin, /sbin. Install it (Debian: apt-get install nginx); .ci/run does.',
    );
  }
  const versionRun = spawnSync(executable, ['-v'], { encoding: 'utf8' });
  const version = /nginx\/[\d.]+/.exec(`${versionRun.stderr}${versionRun.stdout}`)?.[0] ?? 'nginx';
  // As root the workers run as nginx's default user (nobody): they must reach the temp dirs.
  await chmod(options.dir, 0o755);
  const confPath = join(options.dir, 'nginx.conf');
  const errorLogPath = join(options.dir, 'error.log');
  let lastProblem = '';
  for (let attempt = 1; attempt <= 3; attempt++) {
    const port = await freePort();
    const config = nginxConfig({ ...options, port });
    await writeFile(confPath, config);
    // -e: the error log from the first moment (before the config is read), not /var/log/nginx.
    const child = spawn(
      executable,
      ['-p', `${options.dir}/`, '-e', errorLogPath, '-c', confPath, '-g', 'daemon off;'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = exitOf(child);
    // SIGTERM, not SIGKILL: the master then ends its workers (killed outright, it would orphan them).
    const unregister = onExit(() => child.kill('SIGTERM'), exited);
    void exited.then(unregister);
    let ready = false;
    const deadline = performance.now() + 10_000;
    while (!ready && child.exitCode === null && child.signalCode === null && performance.now() < deadline) {
      ready = await accepts(port);
      if (!ready) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const errorLog = () => readFile(errorLogPath, 'utf8').catch(() => '');
    if (ready && child.pid !== undefined) {
      const pid = child.pid;
      let stopping: Promise<void> | undefined;
      return {
        url: `http://127.0.0.1:${port}`,
        port,
        pid,
        version,
        config,
        accessLog: async () => parseAccessLog(await readFile(join(options.dir, 'access.log'), 'utf8')),
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
