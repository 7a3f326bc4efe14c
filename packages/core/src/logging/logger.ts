/**
 * Logging that never touches stdout. On stdio, stdout is the MCP wire: one stray line corrupts
 * the JSON-RPC stream. The default logger writes JSON lines to stderr.
 */
import { redactSecrets, redactValue } from './redact.ts';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** A logger that adds `fields` to every line. */
  child(fields: LogFields): Logger;
  /**
   * Whether lines of `level` go anywhere: lets a hot path skip building a line nobody reads.
   * Absent: assume they do.
   */
  isLevelEnabled?(level: LogLevel): boolean;
}

const LEVEL_ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface StreamLoggerOptions {
  level?: LogLevel;
  /** Where lines go. Defaults to `process.stderr`. Must not be stdout for stdio servers. */
  write?: (line: string) => void;
  /** Literal secrets (tokens) to scrub from every line. */
  secrets?: readonly (string | undefined)[];
  /** Fields added to every line. */
  base?: LogFields;
  /** Clock, injectable for tests. */
  now?: () => Date;
}

/** JSON-lines logger (stderr by default) with level filtering and secret redaction. */
export function createStreamLogger(options: StreamLoggerOptions = {}): Logger {
  const threshold = LEVEL_ORDER[options.level ?? 'info'];
  const write = options.write ?? ((line: string) => void process.stderr.write(line));
  const now = options.now ?? (() => new Date());
  const secrets = options.secrets ?? [];

  const make = (base: LogFields): Logger => {
    const log = (level: LogLevel, message: string, fields?: LogFields) => {
      if (LEVEL_ORDER[level] < threshold) return;
      const record = { time: now().toISOString(), level, msg: message, ...base, ...fields };
      const line = JSON.stringify(redactValue(record), errorReplacer);
      write(redactSecrets(line, secrets) + '\n');
    };
    return {
      debug: (m, f) => log('debug', m, f),
      info: (m, f) => log('info', m, f),
      warn: (m, f) => log('warn', m, f),
      error: (m, f) => log('error', m, f),
      child: (fields) => make({ ...base, ...fields }),
      isLevelEnabled: (level) => LEVEL_ORDER[level] >= threshold,
    };
  };
  return make(options.base ?? {});
}

function errorReplacer(_key: string, value: unknown): unknown {
  if (value instanceof Error) {
    return { name: value.name, message: value.message, stack: value.stack };
  }
  return value;
}

/** A logger that drops everything. */
export const silentLogger: Logger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
  child: () => silentLogger,
  isLevelEnabled: () => false,
};
