/**
 * A size limit on the body of one Tracker answer, enforced while it streams in: a file download
 * never holds more than YANDEX_TRACKER_MAX_DOWNLOAD_BYTES in memory, whatever the attachment list
 * said its size was.
 *
 * Core's HTTP client reads a whole answer before it returns it, and takes no limit per request.
 * So the limit rides the request as a header ({@link BODY_LIMIT_HEADER}, via {@link bodyLimit}),
 * and the fetch the Tracker client is built with ({@link limitBodies}) takes it off before the
 * request leaves — Tracker never sees it — and then refuses a `Content-Length` above the limit
 * before reading the body, and errors the body the moment it passes the limit. The error
 * ({@link BodyTooLargeError}) is a ToolsmithError, which the client neither retries nor rewraps.
 */
import { ToolsmithError } from '@toolsmith/core';

/** The request header that carries the limit from a tool to {@link limitBodies}. */
export const BODY_LIMIT_HEADER = 'x-toolsmith-body-limit';

/** The headers that ask for at most `maxBytes` of body. */
export const bodyLimit = (maxBytes: number) => ({ [BODY_LIMIT_HEADER]: String(maxBytes) });

/** The answer's body is larger than the limit: by its Content-Length, or by what arrived. */
export class BodyTooLargeError extends ToolsmithError {
  /** The Content-Length it announced, when the refusal came from it (nothing was read). */
  readonly announced: number | undefined;
  readonly limit: number;

  constructor(limit: number, announced: number | undefined) {
    super({
      code: 'body_too_large',
      userFacing: true,
      message:
        announced === undefined
          ? `The file is larger than ${limit} bytes: the download was stopped there.`
          : `The file is ${announced} bytes, more than ${limit}; none of it was read.`,
    });
    this.name = 'BodyTooLargeError';
    this.announced = announced;
    this.limit = limit;
  }

  static override isInstance(error: unknown): error is BodyTooLargeError {
    return ToolsmithError.isInstance(error) && (error as { code?: unknown }).code === 'body_too_large';
  }
}

function limitOf(headers: Headers): number | undefined {
  const value = headers.get(BODY_LIMIT_HEADER);
  return value !== null && /^\d+$/.test(value) ? Number(value) : undefined;
}

/** `base` (default: the global fetch, read per call), honouring {@link BODY_LIMIT_HEADER}. */
export function limitBodies(base?: typeof fetch): typeof fetch {
  return async (input, init) => {
    const send = base ?? globalThis.fetch;
    const given =
      init?.headers ?? (typeof input === 'object' && 'headers' in input ? input.headers : undefined);
    const limit = limitOf(new Headers(given));
    // Every other request goes out exactly as it came (a FormData upload's body untouched).
    if (limit === undefined) return send(input, init);
    const request = new Request(input, init);
    const headers = new Headers(request.headers);
    headers.delete(BODY_LIMIT_HEADER);
    const response = await send(new Request(request, { headers }));
    if (response.body === null || !response.ok) return response;
    const header = response.headers.get('content-length');
    const announced = header !== null && /^\d+$/.test(header) ? Number(header) : undefined;
    if (announced !== undefined && announced > limit) {
      await response.body.cancel().catch(() => undefined);
      throw new BodyTooLargeError(limit, announced);
    }
    let received = 0;
    const counted = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          received += chunk.byteLength;
          if (received > limit) controller.error(new BodyTooLargeError(limit, undefined));
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(counted, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
