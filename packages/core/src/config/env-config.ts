/**
 * Start-up configuration from environment variables, validated by a Zod object schema whose keys
 * are the variable names:
 *
 * ```ts
 * const config = loadEnvConfig(
 *   z.object({
 *     TRACKER_TOKEN: z.string().describe('Create an OAuth token at https://oauth.yandex.ru/ (scope tracker:read).'),
 *     TRACKER_URL: z.url().default('https://api.tracker.yandex.net'),
 *     TRACKER_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
 *     TRACKER_READ_ONLY: z.stringbool().default(false),
 *     TRACKER_QUEUES: envList().optional(),
 *   }),
 * );
 * ```
 *
 * Values are trimmed; empty and whitespace-only values count as missing (so defaults apply). On
 * failure it throws one `ConfigError` listing EVERY missing or malformed variable, with what is
 * wrong and how to obtain a value (the variable's `.describe()` text). Values are never echoed:
 * a malformed token must not end up in a log.
 */
import { z } from 'zod';
import { ConfigError, type ConfigProblem } from '../errors/config-error.ts';
import { redactSecrets } from '../logging/redact.ts';

export type EnvSource = Readonly<Record<string, string | undefined>>;

export function loadEnvConfig<S extends z.ZodObject>(schema: S, env: EnvSource = process.env): z.output<S> {
  const names = Object.keys(schema.shape);
  const input: Record<string, string | undefined> = {};
  for (const name of names) {
    const value = env[name]?.trim();
    input[name] = value === '' ? undefined : value;
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;

  // Every value the schema saw is scrubbed from messages, in case a custom refinement quotes it.
  const values = Object.values(input);
  const byName = new Map<string, string[]>();
  for (const issue of result.error.issues) {
    const name = issue.path.length > 0 ? String(issue.path[0]) : '';
    byName.set(name, [...(byName.get(name) ?? []), redactSecrets(describeIssue(issue), values)]);
  }
  const problems: ConfigProblem[] = [];
  for (const name of [
    ...names.filter((n) => byName.has(n)),
    ...[...byName.keys()].filter((n) => !names.includes(n)),
  ]) {
    const messages = byName.get(name) ?? [];
    const field = schema.shape[name] as z.ZodType | undefined;
    const howToFix = field ? descriptionOf(field) : undefined;
    if (name !== '' && input[name] === undefined && field) {
      problems.push({ variable: name, problem: 'is not set.', howToFix });
    } else {
      const said = `${unique(messages).join('; ')}.`;
      problems.push(
        name === ''
          ? { variable: '(configuration)', problem: said }
          : { variable: name, problem: `is malformed: ${said}`, howToFix },
      );
    }
  }
  throw new ConfigError({ problems });
}

/**
 * A comma-separated list (`a, b,,c` → `['a', 'b', 'c']`). Items are trimmed and empty ones
 * dropped; pass an item schema to validate each (`envList(z.enum(['open', 'closed']))`).
 */
export function envList<T extends z.ZodType<unknown, string> = z.ZodString>(item?: T) {
  const itemSchema = (item ?? z.string()) as T;
  return z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    )
    .pipe(z.array(itemSchema));
}

/** Bounds and default of a whole number read from the environment. */
export interface EnvIntegerOptions {
  readonly min?: number;
  readonly max?: number;
  /** The value when the variable is unset or empty. */
  readonly fallback?: number;
}

/**
 * A whole number (`"30000"` → `30000`) within `min`–`max`; `fallback` when unset. The malformed
 * value is named by the variable in `loadEnvConfig`'s ConfigError, never echoed.
 */
export function envInteger(
  options: EnvIntegerOptions & { fallback: number },
): z.ZodDefault<z.ZodCoercedNumber>;
export function envInteger(options?: EnvIntegerOptions): z.ZodCoercedNumber;
export function envInteger({ min, max, fallback }: EnvIntegerOptions = {}) {
  let number = z.coerce.number().int();
  if (min !== undefined) number = number.min(min);
  if (max !== undefined) number = number.max(max);
  return fallback === undefined ? number : number.default(fallback);
}

export interface HttpClientEnvOptions {
  /** Default of `<PREFIX>_CONCURRENCY` (1–32). */
  readonly concurrency: number;
  /** Said after "Requests in flight at once (1–32).": why this default, the API's limits. */
  readonly concurrencyNote?: string;
}

/**
 * The variables every API client of a server takes, under the server's prefix: `<PREFIX>_TIMEOUT_MS`
 * (1000–300000, default 30000), `<PREFIX>_RETRIES` (0–10, default 3) and `<PREFIX>_CONCURRENCY`
 * (1–32). Spread into the server's schema: `z.object({ ...httpClientEnv('CLICKUP', { concurrency: 4 }), … })`.
 */
export function httpClientEnv<P extends string>(
  prefix: P,
  { concurrency, concurrencyNote }: HttpClientEnvOptions,
) {
  return {
    [`${prefix}_TIMEOUT_MS`]: envInteger({ min: 1000, max: 300_000, fallback: 30_000 }).describe(
      'Per-request timeout in milliseconds (1000–300000).',
    ),
    [`${prefix}_RETRIES`]: envInteger({ min: 0, max: 10, fallback: 3 }).describe(
      'Retries after a 429, 502, 503 or 504, a timeout or a network failure, for requests that are safe to repeat (0–10); a 500 is not retried.',
    ),
    [`${prefix}_CONCURRENCY`]: envInteger({ min: 1, max: 32, fallback: concurrency }).describe(
      concurrencyNote === undefined
        ? 'Requests in flight at once (1–32).'
        : `Requests in flight at once (1–32). ${concurrencyNote}`,
    ),
  } as Record<`${P}_TIMEOUT_MS` | `${P}_RETRIES` | `${P}_CONCURRENCY`, z.ZodDefault<z.ZodCoercedNumber>>;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const message = issue.message.replace(/[.\s]+$/, '');
  if (issue.code === 'invalid_type') {
    if ((issue as { received?: unknown }).received === 'NaN') return 'expected a number';
    // z.coerce.number().int() converted the string; a fraction is what is wrong.
    if (issue.expected === 'int') return 'expected a whole number';
    // The value itself (a string) had the wrong type: the schema reads it without converting.
    if (issue.path.length === 1 && issue.expected !== 'string') {
      return `expected a ${issue.expected}, but environment values are strings: the schema must convert it (z.coerce.number(), z.stringbool())`;
    }
  }
  if (issue.path.length > 1) return `${issue.path.slice(1).join('.')}: ${message}`;
  return message;
}

/** The `.describe()` text, looking through `.optional()`, `.default()` and similar wrappers. */
function descriptionOf(schema: z.ZodType): string | undefined {
  let current: unknown = schema;
  for (let depth = 0; depth < 10 && current; depth++) {
    const description = (current as { description?: string }).description;
    if (description) return description;
    const def = (current as { _zod?: { def?: { innerType?: unknown; in?: unknown } } })._zod?.def;
    current = def?.innerType ?? def?.in;
  }
  return undefined;
}

function unique(items: readonly string[]): string[] {
  return [...new Set(items)];
}
