/**
 * Which `Host` an HTTP server answers: the DNS-rebinding defence.
 *
 * A page on evil.example can make a browser resolve evil.example to 127.0.0.1 and then call a local
 * server; the request still says `Host: evil.example`. So a server bound to a loopback address only
 * answers requests addressed to `localhost`, `127.0.0.1` or `[::1]` (any port) — plus the
 * `allowedHosts` a proxy in front of it forwards. Bound elsewhere, `allowedHosts` (when given) is
 * enforced the same way; without it, any host is answered. A request with two `Host` headers is
 * refused (which one would the proxy in front have read?), and so is a request target in absolute
 * form (`GET http://evil.example/health`) naming a host the rule refuses: that host is the one the
 * request is addressed to (RFC 9112, 3.2.2). Messages quote at most QUOTED_HOST_CHARS of a host.
 *
 * The Origin rule sits beside it: a request from a browser page whose origin is neither local nor
 * in `allowedOrigins` is refused. Both faces of the server (node:http and the web-standard handler)
 * apply these two functions, so they refuse the same requests with the same words.
 */
import { ConfigError } from '../errors/config-error.ts';
import { previewValue } from '../tool/error-budget.ts';

export interface HostAddress {
  /** Lower case; an IPv6 address keeps its brackets, e.g. `[::1]`. */
  hostname: string;
  port?: number;
}

const NAME_WITH_PORT = /^([a-z0-9._~-]+)(?::(\d{1,5}))?$/i;
const IPV6_WITH_PORT = /^(\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/i;

/** Parses a `Host` header (`name[:port]`, `[v6][:port]`); undefined when it is not one. */
export function parseHost(value: string): HostAddress | undefined {
  const match = NAME_WITH_PORT.exec(value) ?? IPV6_WITH_PORT.exec(value);
  if (!match) return undefined;
  const port = match[2] === undefined ? undefined : Number(match[2]);
  if (port !== undefined && port > 65535) return undefined;
  return { hostname: (match[1] as string).toLowerCase(), ...(port === undefined ? {} : { port }) };
}

/** Parses an `allowedHosts` entry: a host name or address, optionally with a port (bare IPv6 too). */
export function parseAllowedHost(entry: string): HostAddress | undefined {
  const trimmed = entry.trim();
  // A bare IPv6 address (two colons or more, no brackets) has no port.
  return parseHost(/^[0-9a-f]*:[0-9a-f]*:[0-9a-f:.]*$/i.test(trimmed) ? `[${trimmed}]` : trimmed);
}

/** Whether a listen address is loopback: 127.0.0.0/8, ::1 or localhost. */
export function isLoopbackAddress(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The most of a Host header an error message quotes. */
export const QUOTED_HOST_CHARS = 60;

export type HostVerdict = { ok: true } | { ok: false; status: 400 | 403; message: string };

/**
 * The Host rule of a server listening on `listenHost`. Throws ConfigError for an `allowedHosts`
 * entry that is not a host name.
 */
export function createHostCheck(
  listenHost: string,
  allowedHosts: readonly string[] | undefined,
): (header: string | readonly string[] | undefined) => HostVerdict {
  const allowed: HostAddress[] = [];
  const bad: string[] = [];
  for (const entry of allowedHosts ?? []) {
    const parsed = parseAllowedHost(entry);
    if (parsed) allowed.push(parsed);
    else bad.push(entry);
  }
  if (bad.length > 0) {
    throw new ConfigError({
      problems: bad.map((entry) => ({
        variable: 'allowedHosts (--allowed-hosts, MCP_ALLOWED_HOSTS)',
        problem: `"${previewValue(entry)}" is not a host name.`,
        howToFix:
          'Use host names or addresses, optionally with a port: "mcp.example.com,mcp.example.com:8443".',
      })),
    });
  }
  const loopback = isLoopbackAddress(listenHost);
  const enforced = loopback || allowed.length > 0;
  const allowedList = allowed.map((a) => (a.port === undefined ? a.hostname : `${a.hostname}:${a.port}`));
  const isAllowed = (host: HostAddress) =>
    LOOPBACK_NAMES.has(host.hostname) ||
    allowed.some((a) => a.hostname === host.hostname && (a.port === undefined || a.port === host.port));

  return (headers) => {
    if (typeof headers !== 'string' && headers !== undefined && headers.length > 1) {
      return {
        ok: false,
        status: 400,
        message: `Bad request: the request has ${headers.length} Host headers. Send exactly one: the host and port you connected to, e.g. "Host: 127.0.0.1:3000".`,
      };
    }
    const header = typeof headers === 'string' ? headers : headers?.[0];
    if (header === undefined) {
      return enforced
        ? {
            ok: false,
            status: 400,
            message:
              'Bad request: the Host header is missing. Send the host and port you connected to, e.g. "Host: 127.0.0.1:3000".',
          }
        : { ok: true };
    }
    const host = parseHost(header);
    if (!host) {
      return {
        ok: false,
        status: 400,
        message: `Bad request: the Host header ${JSON.stringify(previewValue(header, QUOTED_HOST_CHARS))} is invalid (expected host[:port], e.g. "127.0.0.1:3000"). Send the host and port you connected to.`,
      };
    }
    if (!enforced || isAllowed(host)) return { ok: true };
    const quoted = JSON.stringify(previewValue(header, QUOTED_HOST_CHARS));
    const name = host.hostname.length <= QUOTED_HOST_CHARS ? host.hostname : '<host name>';
    const allowHow = `allow it with --allowed-hosts ${name} (env MCP_ALLOWED_HOSTS, option allowedHosts)`;
    return {
      ok: false,
      status: 403,
      message: loopback
        ? `Forbidden: Host ${quoted} is not allowed. This server listens on ${listenHost} and answers only requests addressed to localhost, 127.0.0.1 or [::1] (DNS rebinding protection). Connect through one of those names, or, if a proxy forwards this host name, ${allowHow}.`
        : `Forbidden: Host ${quoted} is not in the allowed hosts (${allowedList.join(', ')}). Connect through one of those names, or ${allowHow}.`,
    };
  };
}

/** Pages served from this machine: their `Origin` is always allowed. */
const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/**
 * The Origin rule: a request with an `Origin` header (a browser page's) that is neither local nor
 * one of `allowedOrigins` gets 403. Requests without one (not from a browser) pass.
 */
export function createOriginCheck(
  allowedOrigins: readonly string[] | undefined,
): (origin: string | null | undefined) => HostVerdict {
  const allowed = new Set(allowedOrigins ?? []);
  return (origin) => {
    if (!origin || allowed.has(origin) || LOCAL_ORIGIN.test(origin)) return { ok: true };
    return {
      ok: false,
      status: 403,
      message: `Forbidden origin ${JSON.stringify(origin.slice(0, 200))}. Call from a local page, or add the origin to allowedOrigins.`,
    };
  };
}
