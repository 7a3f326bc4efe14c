/**
 * The HTTP client API facades are built on: ky for the request, retries (exponential backoff with
 * jitter, `Retry-After` / rate-limit reset headers) and per-attempt timeouts; p-limit for a
 * concurrency cap shared by all requests of one client; toolsmith errors with redacted,
 * instruction-style messages for every failure.
 *
 * ```ts
 * const http = createHttpClient({
 *   baseUrl: config.TRACKER_URL,
 *   headers: () => ({ Authorization: `OAuth ${tokens.current()}`, 'X-Org-ID': config.TRACKER_ORG_ID }),
 *   secrets: () => [tokens.current()],
 *   parseError: (body) => ({ message: (body as TrackerError).errorMessages?.join('; ') }),
 *   logger,
 * });
 * const { data } = await http.get<Issue>(`/v2/issues/${encodeURIComponent(key)}`, { signal });
 * ```
 *
 * Retry rules live in retry-policy.ts, error mapping in map-http-error.ts.
 */
import type { KyInstance, Options as KyOptions } from 'ky';
import pLimit from 'p-limit';
import { ApiError } from '../errors/api-error.ts';
import { BodyTooLargeError } from '../errors/body-too-large-error.ts';
import { CancelledError } from '../errors/cancelled-error.ts';
import { silentLogger, type Logger } from '../logging/logger.ts';
import type { ParseApiError } from './api-error-body.ts';
import { classifyAttemptFailure, describeNetworkFailure, isNetworkFailure } from './classify-failure.ts';
import { toHttpError } from './map-http-error.ts';
import { parseJsonBody, type ResponseType } from './parse-response.ts';
import { readCappedBody } from './read-capped-body.ts';
import { requestIdOf } from './request-id.ts';
import { createRequestRedactor, secretsFromHeaders } from './request-redactor.ts';
import { buildRequestUrl, type Query } from './request-url.ts';
import {
  decideRetry,
  isIdempotentRequest,
  RETRY_AFTER_STATUSES,
  RETRYABLE_STATUSES,
} from './retry-policy.ts';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

export interface HttpRetryOptions {
  /** Retries after the first attempt. Default 3. */
  limit?: number;
  /** Delay before the first retry; doubles on each retry. Default 300 ms. */
  baseDelayMs?: number;
  /** Upper bound of one backoff delay. Default 10 000 ms. */
  backoffLimitMs?: number;
  /**
   * `true` (default): full jitter, a random delay between 0 and the backoff delay. A function maps
   * the backoff delay to the delay used. `false`: no jitter. Never applied to server-requested waits.
   */
  jitter?: boolean | ((delayMs: number) => number);
}

export interface HttpClientOptions {
  /** Base URL every request path is appended to (`https://api.tracker.yandex.net`). */
  baseUrl: string;
  /**
   * Headers added to every request, evaluated lazily on each request (never at construction), so a
   * token is read when the request starts. Values of secret headers (`Authorization`, …) are also
   * scrubbed from every error message and log line.
   */
  headers?: () => Record<string, string> | Promise<Record<string, string>>;
  /** The fetch implementation. Default: the global `fetch`. */
  fetch?: typeof fetch;
  /** Timeout of each attempt, from sending the request to the last byte of the answer. Default 30 000 ms. */
  timeoutMs?: number;
  retry?: HttpRetryOptions;
  /**
   * Longest `Retry-After` / rate-limit reset wait the client honours (default 60 000 ms). When the
   * server asks for longer, the request fails at once with `retryAfterMs` instead of blocking.
   */
  maxRetryAfterMs?: number;
  /** Requests of this client in flight at once, retries and their waits included. Default 8. */
  concurrency?: number;
  /** Literal values (tokens) scrubbed from every error message and log line; read lazily. */
  secrets?: () => readonly (string | undefined)[];
  /** Gets one debug line per attempt: method, redacted URL, status or failure, duration, attempt. */
  logger?: Logger;
  /** `User-Agent` header of every request. */
  userAgent?: string;
  /** Turns this API's error body into a readable message and code. Default: {@link defaultParseApiError}. */
  parseError?: ParseApiError;
  /** Clock in ms (durations, HTTP-date `Retry-After`). Default `Date.now`. */
  now?: () => number;
}

export interface HttpRequestOptions {
  /** Default `GET`. */
  method?: HttpMethod;
  /** Appended to `baseUrl` (see request-url.ts). Encode id segments with `encodeURIComponent`. */
  path: string;
  /** Query parameters; `undefined`/`null` are left out, arrays repeat the key (`?tag=a&tag=b`). */
  query?: Query;
  /** JSON body (sets `content-type: application/json`). */
  json?: unknown;
  /** Raw body; set `contentType` with it. Ignored when `json` is set. */
  body?: string | Uint8Array<ArrayBuffer> | ArrayBuffer | Blob | FormData | URLSearchParams;
  contentType?: string;
  /** Extra headers for this request (override the client's). */
  headers?: Record<string, string>;
  /** Aborting cancels the request in flight and any pending retry wait; the call rejects with `CancelledError`. */
  signal?: AbortSignal;
  /** Per-attempt timeout override. */
  timeoutMs?: number;
  /**
   * Safe to send twice. Default: true for GET, HEAD, PUT, DELETE, OPTIONS. Set `true` on a POST that
   * carries an idempotency key to retry it like a GET.
   */
  idempotent?: boolean;
  /** Default `json`: the body is parsed as JSON (empty body → `undefined`). */
  responseType?: ResponseType;
  /**
   * The most bytes of a successful answer's body to read (a file download). A `Content-Length` above
   * it is refused before the body is read, and a body that streams past it is stopped there: never
   * more than this is held in memory. The call then fails with `BodyTooLargeError`, not retried.
   * Error answers (4xx, 5xx) are read as usual. Default: no limit.
   */
  maxBodyBytes?: number;
  /**
   * Statuses that count as success. Set, a response with one of these statuses is returned as is
   * (even a 404 you want to handle yourself), and any other status is an error. Unset: every 2xx.
   */
  expectStatus?: number | readonly number[];
}

export interface HttpResponse<T> {
  status: number;
  headers: Headers;
  /** Parsed JSON (`json`), a string (`text`) or bytes (`bytes`); `undefined` for an empty body, 204 and HEAD. */
  data: T;
}

export type HttpShorthandOptions = Omit<HttpRequestOptions, 'method' | 'path'>;

export interface HttpClient {
  request<T = unknown>(options: HttpRequestOptions & { responseType?: 'json' }): Promise<HttpResponse<T>>;
  request(options: HttpRequestOptions & { responseType: 'text' }): Promise<HttpResponse<string>>;
  request(options: HttpRequestOptions & { responseType: 'bytes' }): Promise<HttpResponse<Uint8Array>>;
  request<T = unknown>(options: HttpRequestOptions): Promise<HttpResponse<T>>;
  get<T = unknown>(path: string, options?: HttpShorthandOptions): Promise<HttpResponse<T>>;
  post<T = unknown>(path: string, options?: HttpShorthandOptions): Promise<HttpResponse<T>>;
  put<T = unknown>(path: string, options?: HttpShorthandOptions): Promise<HttpResponse<T>>;
  patch<T = unknown>(path: string, options?: HttpShorthandOptions): Promise<HttpResponse<T>>;
  delete<T = unknown>(path: string, options?: HttpShorthandOptions): Promise<HttpResponse<T>>;
}

const DEFAULTS = {
  timeoutMs: 30_000,
  maxRetryAfterMs: 60_000,
  concurrency: 8,
  retryLimit: 3,
  baseDelayMs: 300,
  backoffLimitMs: 10_000,
};

let kyLoading: Promise<KyInstance> | undefined;
/** ky is imported on the first request, not at start-up: servers answer `tools/list` sooner. */
const loadKy = (): Promise<KyInstance> => (kyLoading ??= import('ky').then((module) => module.default));

/** ky checks the method list before asking `shouldRetry`; list them all so the policy decides. */
const ALL_METHODS: NonNullable<Exclude<KyOptions['retry'], number | undefined>['methods']> = [
  'get',
  'head',
  'post',
  'put',
  'patch',
  'delete',
  'options',
  'trace',
];

export function createHttpClient(options: HttpClientOptions): HttpClient {
  try {
    new URL(options.baseUrl);
  } catch {
    throw new TypeError(
      `createHttpClient: baseUrl must be an absolute URL such as https://api.example.com, got ${JSON.stringify(options.baseUrl)}.`,
    );
  }
  for (const [name, value, min] of [
    ['concurrency', options.concurrency, 1],
    ['timeoutMs', options.timeoutMs, 1],
    ['maxRetryAfterMs', options.maxRetryAfterMs, 0],
    ['retry.limit', options.retry?.limit, 0],
  ] as const) {
    if (value !== undefined && !(Number.isInteger(value) && value >= min)) {
      throw new TypeError(`createHttpClient: ${name} must be an integer ≥ ${min}, got ${String(value)}.`);
    }
  }
  // Read the global lazily: touching `globalThis.fetch` loads Node's undici (~15 ms of start-up).
  const baseFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? Date.now;
  const logger = options.logger ?? silentLogger;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? DEFAULTS.maxRetryAfterMs;
  const retry = options.retry ?? {};
  const retryLimit = retry.limit ?? DEFAULTS.retryLimit;
  const baseDelayMs = retry.baseDelayMs ?? DEFAULTS.baseDelayMs;
  const jitter = retry.jitter ?? true;
  const limit = pLimit(options.concurrency ?? DEFAULTS.concurrency);
  // One debug line per attempt costs a redacted URL and a message: built only when someone reads it.
  const debugOn = logger.isLevelEnabled?.('debug') !== false;

  async function execute(request: HttpRequestOptions): Promise<HttpResponse<unknown>> {
    const method = (request.method ?? 'GET').toUpperCase();
    const idempotent = isIdempotentRequest(method, request.idempotent);
    const timeoutMs = request.timeoutMs ?? options.timeoutMs ?? DEFAULTS.timeoutMs;
    const responseType = request.responseType ?? 'json';
    const requestSecrets: string[] = [];
    const redactor = createRequestRedactor(() => [...(options.secrets?.() ?? []), ...requestSecrets]);
    const url = buildRequestUrl(options.baseUrl, request.path, request.query);
    let redactedUrl: string | undefined;
    const safeUrl = () => (redactedUrl ??= redactor.url(url));
    let attempts = 0;
    const fail = (error: unknown) =>
      toHttpError(error, {
        method,
        url: safeUrl(),
        idempotent,
        attempts,
        timeoutMs,
        maxRetryAfterMs,
        now: now(),
        signal: request.signal,
        redactor,
        parseError: options.parseError,
      });

    const run = async (): Promise<HttpResponse<unknown>> => {
      const lazyHeaders = (await options.headers?.()) ?? {};
      requestSecrets.push(...secretsFromHeaders(lazyHeaders), ...secretsFromHeaders(request.headers ?? {}));
      redactedUrl = undefined; // redact again with the headers' secrets too
      const headers = new Headers();
      if (options.userAgent) headers.set('user-agent', options.userAgent);
      if (responseType === 'json') headers.set('accept', 'application/json');
      for (const [name, value] of Object.entries({ ...lazyHeaders, ...request.headers }))
        headers.set(name, value);
      if (request.contentType) headers.set('content-type', request.contentType);

      const attemptFetch = async (
        input: Parameters<typeof fetch>[0],
        init?: RequestInit,
      ): Promise<Response> => {
        attempts += 1;
        const attempt = attempts;
        const started = now();
        const line = (outcome: string | number) => {
          if (!debugOn) return;
          const durationMs = now() - started;
          logger.debug(
            redactor.text(`${method} ${safeUrl()} → ${outcome} in ${durationMs} ms (attempt ${attempt})`),
            {
              method,
              url: safeUrl(),
              ...(typeof outcome === 'number' ? { status: outcome } : { outcome }),
              durationMs,
              attempt,
            },
          );
        };
        try {
          // The whole answer is read within the attempt: a connection that breaks mid-body is then a
          // failed attempt the retry policy judges (a GET is sent again), not a failure after the
          // retries are over. The attempt's timeout covers the body too.
          const response = await readWhole(
            await baseFetch(input, init),
            method,
            request.maxBodyBytes,
            () => `${method} ${safeUrl()}`,
          );
          line(response.status);
          return response;
        } catch (error) {
          line(describeAttemptError(error, request.signal));
          throw error;
        }
      };

      const expected = request.expectStatus === undefined ? undefined : [request.expectStatus].flat();
      const kyOptions: KyOptions = {
        method,
        headers,
        timeout: timeoutMs,
        signal: request.signal,
        fetch: attemptFetch,
        throwHttpErrors: expected ? (status) => status >= 400 && !expected.includes(status) : true,
        retry: {
          limit: retryLimit,
          methods: ALL_METHODS,
          statusCodes: [...RETRYABLE_STATUSES],
          afterStatusCodes: [...RETRY_AFTER_STATUSES],
          maxRetryAfter: maxRetryAfterMs,
          backoffLimit: retry.backoffLimitMs ?? DEFAULTS.backoffLimitMs,
          delay: (attempt) => baseDelayMs * 2 ** (attempt - 1),
          jitter: typeof jitter === 'function' ? jitter : jitter ? true : undefined,
          shouldRetry: ({ error }) => {
            const decision = decideRetry(classifyAttemptFailure(error, now()), {
              idempotent,
              maxRetryAfterMs,
            });
            // `undefined` lets ky apply its default for this status: wait for the retry timing header.
            return decision === 'backoff' ? true : decision === 'server-delay' ? undefined : false;
          },
        },
      };
      if (request.json !== undefined) kyOptions.json = request.json;
      else if (request.body !== undefined) kyOptions.body = request.body;

      const ky = await loadKy();
      const pending = ky(url, kyOptions);
      const response = await pending;
      // The URL and request id are read only when something went wrong.
      const info = {
        method,
        get url() {
          return safeUrl();
        },
        status: response.status,
        headers: response.headers,
        get requestId() {
          return requestIdOf(response.headers);
        },
        idempotent,
      };
      if (expected && !expected.includes(response.status)) {
        await response.body?.cancel().catch(() => undefined);
        throw new ApiError({
          code: 'unexpected_status',
          status: info.status,
          method,
          url: info.url,
          requestId: info.requestId,
          message: `${method} ${info.url} answered ${response.status}, expected ${expected.join(' or ')}. The API may have changed; check the request.`,
        });
      }
      if (method === 'HEAD' || response.status === 204 || response.status === 205) {
        await response.body?.cancel().catch(() => undefined);
        return { status: response.status, headers: response.headers, data: undefined };
      }
      let data: unknown;
      if (responseType === 'bytes') data = new Uint8Array(await pending.arrayBuffer());
      else if (responseType === 'text') data = await pending.text();
      else data = parseJsonBody(await pending.text(), info, redactor);
      return { status: response.status, headers: response.headers, data };
    };

    try {
      return await runLimited(
        limit,
        run,
        request.signal,
        () => new CancelledError({ operation: `${method} ${safeUrl()}`, reason: request.signal?.reason }),
      );
    } catch (error) {
      throw fail(error);
    }
  }

  const shorthand =
    (method: HttpMethod) =>
    <T>(path: string, rest?: HttpShorthandOptions) =>
      execute({ ...rest, method, path }) as Promise<HttpResponse<T>>;

  return {
    request: execute as HttpClient['request'],
    get: shorthand('GET'),
    post: shorthand('POST'),
    put: shorthand('PUT'),
    patch: shorthand('PATCH'),
    delete: shorthand('DELETE'),
  };
}

/**
 * Runs `task` in a concurrency slot. A caller aborting while still queued is rejected at once
 * (the slot, once reached, is released immediately).
 */
function runLimited<T>(
  limit: ReturnType<typeof pLimit>,
  task: () => Promise<T>,
  signal: AbortSignal | undefined,
  cancelled: () => Error,
): Promise<T> {
  if (signal?.aborted) return Promise.reject(cancelled());
  if (!signal) return limit(task);
  return new Promise<T>((resolve, reject) => {
    let started = false;
    const onAbort = () => {
      if (!started) reject(cancelled());
    };
    signal.addEventListener('abort', onAbort, { once: true });
    limit(() => {
      started = true;
      if (signal.aborted) throw cancelled();
      return task();
    })
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Statuses whose answer has no body (a `Response` refuses one). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * The response with its body read to the end and held in memory (every request's body is read
 * whole anyway). A body cut off by the connection rejects here, inside the attempt. With
 * `maxBodyBytes`, a successful answer's body is read only up to it (BodyTooLargeError past it).
 */
async function readWhole(
  response: Response,
  method: string,
  maxBodyBytes: number | undefined,
  operation: () => string,
): Promise<Response> {
  if (response.body === null || method === 'HEAD' || NULL_BODY_STATUSES.has(response.status)) return response;
  const init = { status: response.status, statusText: response.statusText, headers: response.headers };
  if (maxBodyBytes === undefined || !response.ok) return new Response(await response.arrayBuffer(), init);
  const header = response.headers.get('content-length');
  const announced = header !== null && /^\d+$/.test(header) ? Number(header) : undefined;
  if (announced !== undefined && announced > maxBodyBytes) {
    await response.body.cancel().catch(() => undefined);
    throw new BodyTooLargeError({ limit: maxBodyBytes, announced, operation: operation() });
  }
  const { bytes, cut } = await readCappedBody(response.body, maxBodyBytes);
  if (cut) throw new BodyTooLargeError({ limit: maxBodyBytes, operation: operation() });
  return new Response(bytes, init);
}

function describeAttemptError(error: unknown, signal: AbortSignal | undefined): string {
  if (signal?.aborted) return 'cancelled';
  if (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError')
    return 'timeout';
  if (isNetworkFailure(error)) return describeNetworkFailure(error).detail;
  return 'error';
}
