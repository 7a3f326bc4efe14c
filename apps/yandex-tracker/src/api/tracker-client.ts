/**
 * The Tracker HTTP client: core's HTTP kit (retries with backoff honouring Retry-After on 429/502/503/504,
 * no blind POST retries, a concurrency cap, redaction) with Tracker's auth and organisation headers,
 * its error body, errors explained with the next step (tracker-error-hints.ts) and its two pagination styles. Tools use this through the area
 * APIs, never fetch.
 */
import {
  apiClientTuning,
  apiRequest,
  AuthError,
  createHttpClient,
  type ApiClientSettings,
  type HttpResponse,
  type Query,
  type ResponseType,
} from '@toolsmith/core';
import {
  staticCredentials,
  type CredentialSource,
  type TrackerCredentials,
} from '../auth/credential-source.ts';
import { parseTrackerError } from './tracker-error-body.ts';
import { explainTrackerError } from './tracker-error-hints.ts';

export type TrackerClientOptions = TrackerClientBaseOptions &
  (
    | {
        /** Asked for the `Authorization` of every request (a token that refreshes, a user's own). */
        credentials: CredentialSource;
        auth?: undefined;
      }
    | {
        /** A fixed token. */
        auth: TrackerCredentials;
        credentials?: undefined;
      }
  );

/** With core's client settings (timeout, retries, concurrency — default 5 — and the rate-limit wait). */
export interface TrackerClientBaseOptions extends ApiClientSettings {
  baseUrl: string;
  org: { header: 'X-Org-ID' | 'X-Cloud-Org-ID'; id: string };
}

export interface TrackerRequest {
  query?: Query;
  json?: unknown;
  body?: FormData | Uint8Array<ArrayBuffer>;
  contentType?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal | undefined;
  /** Safe to send twice (a POST carrying `unique`, a search). */
  idempotent?: boolean;
  responseType?: ResponseType;
  expectStatus?: number | readonly number[];
  /** At most this many bytes of the body (a download): core's `maxBodyBytes`, `BodyTooLargeError` past it. */
  maxBodyBytes?: number;
}

export interface PageResult<T> {
  items: T[];
  /** `X-Total-Count`, when the API sent it. */
  total: number | undefined;
  hasMore: boolean;
}

export interface CursorResult<T> {
  items: T[];
  /** Whether another page may exist: the API always sends `rel="next"`, so a full page is the only signal. */
  hasMore: boolean;
}

export interface TrackerClient {
  request<T>(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    path: string,
    options?: TrackerRequest,
  ): Promise<HttpResponse<T>>;
  get<T>(path: string, options?: TrackerRequest): Promise<T>;
  post<T>(path: string, options?: TrackerRequest): Promise<T>;
  patch<T>(path: string, options?: TrackerRequest): Promise<T>;
  delete(path: string, options?: TrackerRequest): Promise<void>;
  /** Page style (`page`, `perPage`, `X-Total-Count`). POST for `_search`-like endpoints. */
  page<T>(
    method: 'GET' | 'POST',
    path: string,
    page: { page: number; perPage: number },
    options?: TrackerRequest,
  ): Promise<PageResult<T>>;
  /** Cursor style (`id` of the last item seen, `perPage`); stops on a short page, not on `rel="next"`. */
  cursor<T>(
    path: string,
    cursor: { after?: string | undefined; perPage: number },
    options?: TrackerRequest,
  ): Promise<CursorResult<T>>;
}

export { CONFLICT_HINT } from './tracker-error-hints.ts';

export function createTrackerClient(options: TrackerClientOptions): TrackerClient {
  const source = options.credentials ?? staticCredentials(options.auth);
  // The credentials last sent: a 401 tells the source they failed (it ignores ones already replaced).
  let lastSent: TrackerCredentials | undefined;
  const http = createHttpClient({
    baseUrl: options.baseUrl,
    headers: async () => {
      const credentials = await source.credentials();
      lastSent = credentials;
      return {
        authorization: `${credentials.scheme} ${credentials.token}`,
        [options.org.header.toLowerCase()]: options.org.id,
      };
    },
    // The Authorization value of each request is scrubbed by the kit; the last token too, for safety.
    secrets: () => [lastSent?.token],
    parseError: parseTrackerError,
    userAgent: 'yandex-tracker-mcp/0.1.0 (toolsmith)',
    ...apiClientTuning(options, { concurrency: 5 }),
  });

  const request = async <T>(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    path: string,
    o: TrackerRequest = {},
  ) => {
    try {
      return await http.request<T>(apiRequest(method, path, o));
    } catch (error) {
      if (source.rejected && lastSent && AuthError.isInstance(error) && error.status === 401)
        source.rejected(lastSent);
      throw explainTrackerError(error);
    }
  };

  return {
    request,
    get: async (path, o) => (await request<never>('GET', path, o)).data,
    post: async (path, o) => (await request<never>('POST', path, o)).data,
    patch: async (path, o) => (await request<never>('PATCH', path, o)).data,
    delete: async (path, o) => void (await request('DELETE', path, o)),
    async page<T>(
      method: 'GET' | 'POST',
      path: string,
      { page, perPage }: { page: number; perPage: number },
      o: TrackerRequest = {},
    ) {
      const response = await request<T[]>(method, path, {
        ...o,
        ...(method === 'POST' ? { idempotent: o.idempotent ?? true } : {}),
        query: { ...o.query, page, perPage },
      });
      const items = Array.isArray(response.data) ? response.data : [];
      const totalHeader = response.headers.get('x-total-count');
      const pagesHeader = response.headers.get('x-total-pages');
      const total = totalHeader === null ? undefined : Number(totalHeader);
      const totalPages = pagesHeader === null ? undefined : Number(pagesHeader);
      const hasMore =
        totalPages !== undefined && Number.isFinite(totalPages)
          ? page < totalPages
          : total !== undefined && Number.isFinite(total)
            ? page * perPage < total
            : items.length === perPage;
      return { items, total: Number.isFinite(total) ? total : undefined, hasMore };
    },
    async cursor<T>(
      path: string,
      { after, perPage }: { after?: string | undefined; perPage: number },
      o: TrackerRequest = {},
    ) {
      const response = await request<T[]>('GET', path, {
        ...o,
        query: { ...o.query, perPage, ...(after !== undefined ? { id: after } : {}) },
      });
      const items = Array.isArray(response.data) ? response.data : [];
      return { items, hasMore: items.length === perPage && items.length > 0 };
    },
  };
}
