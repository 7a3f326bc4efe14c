/**
 * Whether a failure means the database cannot be reached or used at all — the server is down,
 * unreachable, refuses this client, or the embedded directory is held by another process — as
 * opposed to a failing statement. Callers answer the first kind as "the store is unavailable, and
 * what to do", not as a bug.
 */

/** Node's socket and DNS errors: nothing reached the server, or the connection broke. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EPIPE',
  'ENOENT', // a Unix socket path that does not exist
]);

/**
 * SQLSTATEs of a server that will not serve this connection: connection exceptions (class 08),
 * shutdown and start-up (57P01–57P03), too many connections (53300), no such database (3D000),
 * authentication (28000, 28P01).
 */
const SERVER_STATES = new Set(['57P01', '57P02', '57P03', '53300', '3D000', '28000', '28P01']);

/** pg's own messages for a connection that ended or never came. */
const PG_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^Cannot use a pool after calling end on the pool/,
];

export function isConnectionError(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  const { code, message, name } = error as { code?: unknown; message?: unknown; name?: unknown };
  if (name === 'DirectoryInUseError') return true;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || SERVER_STATES.has(code) || code.startsWith('08')) return true;
  }
  if (typeof message === 'string' && PG_MESSAGES.some((m) => m.test(message))) return true;
  // An AggregateError of connection attempts (several addresses of one host).
  const errors = (error as { errors?: unknown }).errors;
  return Array.isArray(errors) && errors.length > 0 && errors.every(isConnectionError);
}
