/**
 * Per-request redaction: everything the HTTP client turns into text (error messages, error
 * bodies, log lines) goes through one of these, so literal secrets (the client's `secrets()`
 * plus the values of secret headers sent with the request) and secret-looking query parameters
 * never leave the client.
 */
import { REDACTED, redactHeaders, redactSecrets, redactUrl, redactValue } from '../logging/redact.ts';

export interface RequestRedactor {
  /** `text` with every known secret replaced. */
  text(text: string): string;
  /** The URL with userinfo, secret-looking query parameters and known secrets replaced. */
  url(url: string | URL): string;
  /** Deep copy of a JSON-like value with secret-looking keys and known secrets replaced. */
  value(value: unknown): unknown;
}

export function createRequestRedactor(secrets: () => readonly (string | undefined)[]): RequestRedactor {
  const text = (input: string) => redactSecrets(input, secrets());
  const scrubStrings = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string') return text(value);
    if (depth > 20 || value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((v) => scrubStrings(v, depth + 1));
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubStrings(v, depth + 1)]));
  };
  return {
    text,
    url: (url) => text(redactUrl(url)),
    value: (value) => scrubStrings(redactValue(value), 0),
  };
}

/**
 * Secret values carried by secret headers (`Authorization`, `X-Api-Key`, …): the whole value and,
 * for `Scheme credentials` values, the credentials alone, so a token echoed back by an API (or
 * quoted in an exception) is scrubbed even when the caller did not list it in `secrets()`.
 */
export function secretsFromHeaders(headers: Record<string, string>): string[] {
  const redacted = redactHeaders(headers);
  const found: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (redacted[name] !== REDACTED || value === REDACTED) continue;
    found.push(value);
    const credentials = value.trim().split(/\s+/).at(-1);
    if (credentials && credentials !== value) found.push(credentials);
  }
  return found;
}
