/**
 * The logger a request's handler gets: every line goes to the server's own logger (stderr), and
 * also to the client as a `notifications/message` at or above the level the client asked for
 * (`logging/setLevel` on 2025-11-25, the request's `io.modelcontextprotocol/logLevel` on
 * 2026-07-28), or `warning` and above when it asked for none — a stateless 2025 request runs on an
 * instance that never saw a `setLevel`, and debug lines nobody asked for are noise on the wire.
 * What reaches the client is redacted like the server's log lines: secret-looking keys and the
 * server's known secrets.
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

function errorReplacer(_key: string, value: unknown): unknown {
  return value instanceof Error ? { name: value.name, message: value.message } : value;
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
      const record = redactValue({ message, ...extra, ...fields });
      // Through JSON once: Errors become plain objects, and literal secrets are scrubbed anywhere.
      const text = redactSecrets(JSON.stringify(record, errorReplacer), options.secrets?.() ?? []);
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
