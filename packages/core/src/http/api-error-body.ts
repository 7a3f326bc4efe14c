/**
 * Reading an API's error body: what the API said (`message`), its own error code (`apiCode`) and
 * structured details. Each API can pass its own `parseError`; the default understands the common
 * shapes (`{ message }`, `{ error: { message, code } }`, `{ errorMessages: [] }` as Yandex Tracker
 * sends, `{ err, ECODE }` as ClickUp sends, RFC 7807 problem details).
 */

export interface ParsedApiError {
  /** What the API said went wrong, in its words. */
  message?: string;
  /** The API's own error code. */
  apiCode?: string;
  /** Structured details (field errors, …), appended to the message as compact JSON. */
  details?: unknown;
}

/** Turns an API's error body into a {@link ParsedApiError}; return `undefined` to fall back to the status text. */
export type ParseApiError = (body: unknown, response: Response) => ParsedApiError | undefined;

/** Text error bodies are kept up to this many characters in `ApiError.body`. */
export const ERROR_BODY_TEXT_LIMIT = 2048;

const MESSAGE_KEYS = [
  'message',
  'errorMessage',
  'error_description',
  'err',
  'detail',
  'title',
  'error',
] as const;
const CODE_KEYS = ['code', 'errorCode', 'error_code', 'ECODE'] as const;

export const defaultParseApiError: ParseApiError = (body) => {
  if (typeof body === 'string') {
    const text = body.trim();
    // An HTML error page (proxy, load balancer) says nothing a model can use.
    if (text === '' || text.startsWith('<')) return undefined;
    return { message: firstLine(text) };
  }
  if (!isRecord(body)) return undefined;
  const nested = isRecord(body['error']) ? body['error'] : undefined;
  const message =
    pickString(body, MESSAGE_KEYS) ??
    (nested ? pickString(nested, MESSAGE_KEYS) : undefined) ??
    joinMessages(body['errorMessages']) ??
    joinMessages(body['errors']);
  const apiCode = pickCode(body) ?? (nested ? pickCode(nested) : undefined);
  const errors = body['errors'];
  const details = isRecord(errors) && Object.keys(errors).length > 0 ? errors : undefined;
  if (message === undefined && apiCode === undefined && details === undefined) return undefined;
  return { message, apiCode, details };
};

/** The body as kept on `ApiError.body`: parsed JSON as is, text cut to {@link ERROR_BODY_TEXT_LIMIT}. */
export function errorBodySnapshot(body: unknown): unknown {
  if (typeof body === 'string') {
    return body.length > ERROR_BODY_TEXT_LIMIT ? `${body.slice(0, ERROR_BODY_TEXT_LIMIT)}…` : body;
  }
  return body;
}

/** One line of at most `limit` characters. */
export function firstLine(text: string, limit = 300): string {
  const line = text.split(/\r?\n/, 1)[0] ?? '';
  return line.length > limit ? `${line.slice(0, limit)}…` : line;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pickString(record: Record<string, unknown>, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = record[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return undefined;
}

function pickCode(record: Record<string, unknown>): string | undefined {
  for (const key of CODE_KEYS) {
    const value = record[key];
    if ((typeof value === 'string' && value !== '') || typeof value === 'number') return String(value);
  }
  return undefined;
}

function joinMessages(value: unknown): string | undefined {
  if (!Array.isArray(value)) return undefined;
  const messages = value
    .map((item) =>
      typeof item === 'string' ? item : isRecord(item) ? pickString(item, MESSAGE_KEYS) : undefined,
    )
    .filter((m): m is string => m !== undefined && m !== '');
  return messages.length > 0 ? messages.join('; ') : undefined;
}
