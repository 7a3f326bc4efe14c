/**
 * A real nginx in front of the replicas (started by @toolsmith/testing's `startNginx`: a child
 * process whose config and every file it writes live in one directory): this run's config, round
 * robin with no sticky sessions, and its access log read back.
 */
import { join } from 'node:path';
import { nginxPaths, startNginx as startNginxProcess } from '@toolsmith/testing';
import { onExit } from './exit-cleanup.ts';

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
  const paths = nginxPaths(dir);
  return `# Written by tools/scale-test for one run; everything nginx writes stays in this directory.
worker_processes 1;
${paths.main}

events {
  worker_connections 1024;
}

http {
${paths.temp}

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
  const nginx = await startNginxProcess({
    dir: options.dir,
    config: (port) => nginxConfig({ ...options, port }),
    readyWithinMs: 10_000,
    whileRunning: (end, exited) => onExit(end, exited),
    ...(options.executable === undefined ? {} : { executable: options.executable }),
  });
  return {
    url: nginx.url,
    port: nginx.port,
    pid: nginx.pid,
    version: nginx.version,
    config: nginx.config,
    accessLog: async () => parseAccessLog(await nginx.read('access.log')),
    errorLog: () => nginx.errorLog(),
    stop: () => nginx.stop(),
  };
}
