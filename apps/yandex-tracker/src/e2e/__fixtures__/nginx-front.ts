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
import { join } from 'node:path';
import { nginxPaths, startNginx as startNginxProcess } from '@toolsmith/testing';

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
  const paths = nginxPaths(dir);
  return `# Written by the Tracker replicas e2e test; everything nginx writes stays in this directory.
worker_processes 1;
${paths.main}
events { worker_connections 256; }
http {
${paths.temp}
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

/** Starts nginx on a free port of 127.0.0.1 with no replica yet (`route()` adds them). */
export async function startNginx(dir: string): Promise<NginxFront> {
  const nginx = await startNginxProcess({ dir, config: (port) => config(dir, port, {}, []) });
  return {
    origin: nginx.url,
    port: nginx.port,
    route: (replicas, balanced) => nginx.reload(config(dir, nginx.port, replicas, balanced)),
    async accessLog() {
      return (await nginx.read('access.log'))
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
    errorLog: () => nginx.errorLog(),
    stop: () => nginx.stop(),
  };
}
