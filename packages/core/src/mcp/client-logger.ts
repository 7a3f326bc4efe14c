/**
 * The logger a request's handler gets: every line goes to the server's own logger (stderr), and
 * also to the client as a `notifications/message` at or above the level the client asked for
 * (`logging/setLevel` on 2025-11-25, the request's `io.modelcontextprotocol/logLevel` on
 * 2026-07-28), or `warning` and above when it asked for none — a stateless 2025 request runs on an
 * instance that never saw a `setLevel`, and debug lines nobody asked for are noise on the wire.
 * What reaches the client is redacted like the server's log lines (secret-looking keys and the
 * server's known secrets), and carries nothing of the server's internals: an Error is its name,
 * message and code, never its stack or other fields; `stack` keys are dropped, stack frames cut
 * out of any text, and file paths (`file://` URLs, absolute paths on this machine) replaced by
 * `[path]`. The server's own log line keeps everything.
 */
import type { LoggingLevel } from '@modelcontextprotocol/server';
import type { LogFields, Logger, LogLevel } from '../logging/logger.ts';
import { redactSecrets, redactValue } from '../logging/redact.ts';

/** Severity of the MCP (syslog) levels, lowest first. */
const SEVERITY: Record<LoggingLevel, number> = {
  debug: 0,
  info: 1,
  notice: 2,
  warning: 3,
  error: 4,
  critical: 5,
  alert: 6,
  emergency: 7,
};

/** What reaches a client that asked for no level. */
export const DEFAULT_CLIENT_LOG_LEVEL: LoggingLevel = 'warning';

const MCP_LEVEL: Record<LogLevel, LoggingLevel> = {
  debug: 'debug',
  info: 'info',
  warn: 'warning',
  error: 'error',
};

export type ClientLogSink = (level: LoggingLevel, data: unknown, logger?: string) => Promise<void>;

/** Replaces a file path sent to a client. */
export const CLIENT_PATH_PLACEHOLDER = '[path]';

/** A stack frame line (`    at fn (/srv/app/x.js:1:2)`), with the line break before it. */
const STACK_FRAME = /\r?\n[ \t]*at [^\r\n]*/g;
const FILE_URL = /\bfile:\/\/[^\s'"`()<>[\]{},;]*/g;
const WINDOWS_PATH = /\b[A-Za-z]:\\[^\s'"`()<>[\]{},;]*/g;
/** First folders of absolute paths that name a file on a server, besides the ones found at run time. */
const SERVER_ROOTS =
  'home root usr opt var tmp srv app etc mnt media private Users Volumes nix proc run snap workspace workspaces builds lib bin sbin'.split(
    ' ',
  );

let posixPath: RegExp | undefined;
/**
 * Absolute POSIX paths under the usual top folders of a server's file system, and under the ones of
 * the working directory, the home directory and this module (e.g. `/work` for `/work/app/...`). An
 * API path such as `/v2/issues/A-1` (or the path of a URL) is not one of them and stays.
 */
function posixPathPattern(): RegExp {
  if (posixPath) return posixPath;
  const roots = new Set(SERVER_ROOTS);
  const here = import.meta.url.startsWith('file:') ? new URL(import.meta.url).pathname : undefined;
  for (const path of [process.cwd(), process.env.HOME, here]) {
    const first = path?.match(/^\/([^/]+)\//)?.[1];
    if (first) roots.add(first);
  }
  const names = [...roots].map((root) => root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  posixPath = new RegExp(`(?<![\\w.:/~%@-])/(?:${names})(?![\\w.-])[^\\s'"\`()<>[\\]{},;]*`, 'g');
  return posixPath;
}

/** A text as a client may see it: no stack frames, no file paths. */
export function scrubForClient(text: string): string {
  if (!text.includes('/') && !text.includes('\\') && !text.includes('\n')) return text;
  return text
    .replace(STACK_FRAME, '')
    .replace(FILE_URL, CLIENT_PATH_PLACEHOLDER)
    .replace(WINDOWS_PATH, CLIENT_PATH_PLACEHOLDER)
    .replace(posixPathPattern(), CLIENT_PATH_PLACEHOLDER);
}

/**
 * A log field as a client may see it: Errors reduced to name, message and code (their cause the
 * same way), `stack` keys dropped, every string scrubbed; what nests deeper than 20 is left out.
 */
function forClient(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubForClient(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 20) return '[nested too deep]';
  if (value instanceof Error) {
    const { code, cause } = value as Error & { code?: unknown };
    return {
      name: value.name,
      message: scrubForClient(value.message),
      ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
      ...(cause !== undefined ? { cause: forClient(cause, depth + 1) } : {}),
    };
  }
  if (Array.isArray(value)) return value.map((item) => forClient(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (key !== 'stack') out[key] = forClient(item, depth + 1);
  }
  return out;
}

export function createClientLogger(
  base: Logger,
  send: ClientLogSink,
  options: {
    name: string;
    /** The level the client asked for; `undefined`: DEFAULT_CLIENT_LOG_LEVEL. */
    level?: LoggingLevel | undefined;
    secrets?: () => readonly (string | undefined)[];
  },
): Logger {
  const threshold = SEVERITY[options.level ?? DEFAULT_CLIENT_LOG_LEVEL] ?? SEVERITY.warning;
  const make = (server: Logger, extra: LogFields): Logger => {
    const log = (level: LogLevel, message: string, fields?: LogFields) => {
      server[level](message, fields);
      if (SEVERITY[MCP_LEVEL[level]] < threshold) return;
      const record = redactValue(forClient({ message, ...extra, ...fields }));
      // Through JSON once: literal secrets are scrubbed anywhere.
      const text = redactSecrets(JSON.stringify(record), options.secrets?.() ?? []);
      // Best effort: a client that went away must not fail the call.
      send(MCP_LEVEL[level], JSON.parse(text), options.name).catch(() => undefined);
    };
    return {
      debug: (m, f) => log('debug', m, f),
      info: (m, f) => log('info', m, f),
      warn: (m, f) => log('warn', m, f),
      error: (m, f) => log('error', m, f),
      child: (fields) => make(server.child(fields), { ...extra, ...fields }),
      isLevelEnabled: (level) =>
        SEVERITY[MCP_LEVEL[level]] >= threshold || server.isLevelEnabled?.(level) !== false,
    };
  };
  return make(base, {});
}
