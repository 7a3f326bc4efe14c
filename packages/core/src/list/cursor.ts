/**
 * Opaque cursors for list tools. A cursor carries where the next page starts (a page number or the
 * last id seen) and a fingerprint of the request it belongs to, so a cursor replayed with other
 * filters is refused instead of silently returning the wrong page.
 */
import { ValidationError } from '../errors/validation-error.ts';

export type CursorPosition = { page: number } | { after: string };

interface CursorPayload {
  v: 1;
  f: string;
  p?: number;
  a?: string;
}

/**
 * Fingerprint of the request: tool name plus every param except `cursor` and `fields` (a
 * projection may change between pages).
 */
export function requestFingerprint(tool: string, params: Record<string, unknown>): string {
  const { cursor: _cursor, fields: _fields, ...rest } = params;
  const stable = JSON.stringify(rest, Object.keys(rest).sort());
  // node:crypto on first use, not at the server's start (process.getBuiltinModule: no ESM facade).
  return process
    .getBuiltinModule('node:crypto')
    .createHash('sha256')
    .update(`${tool}\n${stable}`)
    .digest('base64url')
    .slice(0, 12);
}

export function encodeCursor(fingerprint: string, position: CursorPosition): string {
  const payload: CursorPayload = {
    v: 1,
    f: fingerprint,
    ...('page' in position ? { p: position.page } : { a: position.after }),
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

/** The position a cursor points at; the first page when there is no cursor. */
export function decodeCursor(
  cursor: string | undefined,
  fingerprint: string,
  first: CursorPosition,
): CursorPosition {
  if (cursor === undefined) return first;
  let payload: CursorPayload;
  try {
    payload = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as CursorPayload;
  } catch {
    payload = { v: 0 as 1, f: '' };
  }
  if (payload.v !== 1 || (payload.p === undefined && payload.a === undefined)) {
    throw new ValidationError({
      issues: [
        {
          field: 'cursor',
          message:
            'is not a cursor this server issued. Pass `nextCursor` from the previous page unchanged, or omit it for the first page.',
        },
      ],
    });
  }
  if (payload.f !== fingerprint) {
    throw new ValidationError({
      issues: [
        {
          field: 'cursor',
          message:
            'belongs to a request with different parameters. Repeat the same parameters with this cursor, or omit `cursor` to start from the first page.',
        },
      ],
    });
  }
  return payload.p !== undefined ? { page: payload.p } : { after: payload.a! };
}
