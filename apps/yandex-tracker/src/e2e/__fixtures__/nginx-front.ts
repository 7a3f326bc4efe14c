/**
 * A real nginx in front of Tracker replicas, as a child process (after tools/scale-test's): round
 * robin over the replicas with no sticky sessions, `Host` passed on as the client sent it (the
 * replicas' issuer is nginx's origin, port included), SSE unbuffered. Everything nginx writes
 * stays in one directory; `-g 'daemon off;'` keeps the master in the foreground.
 *
 * nginx starts first, on a free port (the replicas' `--public-url` names it), with no replica yet;
 * `route()` then writes the replicas' ports and reloads it (SIGHUP). A request with
 * `X-Replica: <name>` goes to that replica only — the tests' way of saying "at the other replica";
 * every other request is balanced. The access log records, per request, the `X-Case` header the
 * test tags its requests with and the replica that answered (`$upstream_addr`).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { delimiter, join } from 'node:path';
import { freePort } from '@toolsmith/testing';

/** Where Debian installs nginx; a CI PATH often stops at /usr/bin. */
const SBIN_DIRS = ['/usr/sbin', '/usr/local/sbin', '/sbin'];

export interface AccessLogEntry {
  /** The request's `X-Case` header ('' without one). */
  tag: string;
  method: string;
  path: string;
  /** The replicas tried, in order (`127.0.0.1:port`); more than one when nginx moved the request on. */
  upstreams: string[];
  status: number;
}

export interface NginxFront {
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string;
  readonly port: number;
  /** Balances over `balanced` (names of `replicas`), pins `X-Replica: <name>` to that one; reloads. */
  route(replicas: Readonly<Record<string, number>>, balanced: readonly string[]): Promise<void>;
  accessLog(): Promise<AccessLogEntry[]>;
  errorLog(): Promise<string>;
  stop(): Promise<void>;
}

export function findNginx(path = process.env.PATH ?? ''): string | undefined {
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

function config(
  dir: string,
  port: number,
  replicas: Readonly<Record<string, number>>,
  balanced: readonly string[],
): string {
  const servers = balanced.length
    ? balanced.map((name) => `    server 127.0.0.1:${replicas[name]} max_fails=0;`).join('\n')
    : '    server 127.0.0.1:1 down;';
  const pins = Object.entries(replicas)
    .map(([name, replicaPort]) => `    ${name} 127.0.0.1:${replicaPort};`)
    .join('\n');
  return `# Written by the Tracker replicas e2e test; everything nginx writes stays in this directory.
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 256; }
http {
  client_body_temp_path ${join(dir, 'client_body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};
  log_format replicas '$http_x_case|$request_method|$uri|$upstream_addr|$status';
  access_log ${join(dir, 'access.log')} replicas;

  # Round robin (the default balancer): no ip_hash, hash or sticky cookie.
  upstream replicas {
${servers}
  }
  # Tests only: X-Replica pins a request to one replica.
  map $http_x_replica $backend {
    default replicas;
${pins}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://$backend;
      proxy_http_version 1.1;
      # As the client sent it, port included: the authorization server's URLs are built from it.
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_buffering off;
      proxy_read_timeout 60s;
      proxy_connect_timeout 2s;
      # A replica that refuses the connection: the next one (never after the request was sent).
      proxy_next_upstream error timeout;
    }
  }
}
`;
}

const exitOf = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Starts nginx on a free port of 127.0.0.1 (another one if that port was taken meanwhile). */
export async function startNginx(dir: string): Promise<NginxFront> {
  const executable = findNginx();
  if (executable === undefined) {
    throw new Error(
      'nginx not found on PATH nor in /usr/sbin, /usr/local/sbin, /sbin: install it (Debian: apt-get install nginx); .ci/run does.',
    );
  }
  // As root the workers run as nginx's default user: they must reach the temp directories.
  await chmod(dir, 0o755);
  const confPath = join(dir, 'nginx.conf');
  const errorLogPath = join(dir, 'error.log');
  const errorLog = () => readFile(errorLogPath, 'utf8').catch(() => '');
  let problem = '';
  for (let attempt = 1; attempt <= 3; attempt++) {
    const port = await freePort();
    await writeFile(confPath, config(dir, port, {}, []));
    const child = spawn(
      executable,
      ['-p', `${dir}/`, '-e', errorLogPath, '-c', confPath, '-g', 'daemon off;'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = exitOf(child);
    let ready = false;
    const deadline = performance.now() + 15_000;
    while (!ready && child.exitCode === null && performance.now() < deadline) {
      ready = await accepts(port);
      if (!ready) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    if (ready) {
      let stopping: Promise<void> | undefined;
      return {
        origin: `http://127.0.0.1:${port}`,
        port,
        async route(replicas, balanced) {
          await writeFile(confPath, config(dir, port, replicas, balanced));
          const test = spawnSync(executable, ['-p', `${dir}/`, '-e', errorLogPath, '-c', confPath, '-t'], {
            encoding: 'utf8',
          });
          if (test.status !== 0) throw new Error(`nginx refused its new config:\n${test.stderr}`);
          // SIGHUP: the master reads the config again and replaces its worker.
          child.kill('SIGHUP');
        },
        async accessLog() {
          const text = await readFile(join(dir, 'access.log'), 'utf8').catch(() => '');
          return text
            .split('\n')
            .filter(Boolean)
            .map((line) => {
              const [tag = '', method = '', path = '', upstream = '', status = ''] = line.split('|');
              return {
                tag: tag === '-' ? '' : tag,
                method,
                path,
                upstreams: upstream.split(/, | : /).filter((s) => s && s !== '-'),
                status: Number(status),
              };
            });
        },
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
    problem = `${output}${await errorLog()}`.trim();
    if (!/Address already in use/.test(problem)) break;
  }
  throw new Error(`nginx did not start:\n${problem || '(no output)'}`);
}
