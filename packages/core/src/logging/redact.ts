/**
 * Secret redaction for logs and error messages. Tokens must never reach a log line, an error
 * text or a snapshot; every place that turns a request into text goes through here.
 */

export const REDACTED = '[REDACTED]';

/** Header names whose values are always secret. */
const SECRET_HEADER =
  /^(authorization|proxy-authorization|cookie|set-cookie|x-api-key|api-key|x-auth-token)$/i;

/** Query parameter / JSON key names whose values are treated as secret. */
const SECRET_KEY = /(token|secret|password|passwd|api[-_]?key|authorization|credential|session)/i;

/** Replaces every occurrence of each secret (at least 4 characters long) in `text`. */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 4) out = out.split(secret).join(REDACTED);
  }
  return out;
}

/** A copy of `headers` with secret header values replaced. */
export function redactHeaders(headers: Headers | Record<string, string>): Record<string, string> {
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  return Object.fromEntries(entries.map(([k, v]) => [k, SECRET_HEADER.test(k) ? REDACTED : v]));
}

/** The URL with secret-looking query parameters and any userinfo replaced. */
export function redactUrl(url: string | URL): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return String(url);
  }
  if (parsed.username) parsed.username = 'redacted';
  if (parsed.password) parsed.password = 'redacted';
  for (const key of [...parsed.searchParams.keys()]) {
    if (SECRET_KEY.test(key)) parsed.searchParams.set(key, REDACTED);
  }
  return parsed.toString();
}

/** Deep copy of a JSON-like value with secret-looking keys' values replaced. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) {
    return { name: value.name, message: value.message, stack: value.stack, ...redactOwn(value, depth) };
  }
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [
      k,
      SECRET_KEY.test(k) && (typeof v === 'string' || typeof v === 'number')
        ? REDACTED
        : redactValue(v, depth + 1),
    ]),
  );
}

function redactOwn(error: Error, depth: number): Record<string, unknown> {
  const own: Record<string, unknown> = {};
  for (const key of Object.keys(error)) own[key] = (error as unknown as Record<string, unknown>)[key];
  return redactValue(own, depth + 1) as Record<string, unknown>;
}
