/**
 * What every server's API client shares around core's HTTP kit: the settings it takes from the
 * server's configuration (`httpClientEnv`: timeout, retries, concurrency; tests shorten the backoff
 * and pass their own fetch), turned into `createHttpClient` options with one set of defaults; and a
 * request whose optional fields may be `undefined` (as a tool passes them on) turned into request
 * options that leave those fields out.
 */
import type { Logger } from '../logging/logger.ts';
import type {
  HttpClientOptions,
  HttpMethod,
  HttpRequestOptions,
  HttpShorthandOptions,
} from './http-client.ts';

/** The part of an API client's options that is the same for every server. */
export interface ApiClientSettings {
  fetch?: typeof fetch | undefined;
  logger?: Logger | undefined;
  /** Per attempt. Default 30 000 ms. */
  timeoutMs?: number | undefined;
  /** Retries after the first attempt. Default 3. */
  retries?: number | undefined;
  /** Backoff base delay (tests shorten it). Default 500 ms. */
  retryBaseDelayMs?: number | undefined;
  /** Requests in flight at once. Default: the server's (`defaults.concurrency`). */
  concurrency?: number | undefined;
  /** Longest rate-limit wait honoured. Default 60 000 ms. */
  maxWaitMs?: number | undefined;
}

/** `createHttpClient` options from the settings; `defaults.concurrency` when the settings give none. */
export function apiClientTuning(
  settings: ApiClientSettings,
  defaults: { concurrency: number },
): Pick<HttpClientOptions, 'fetch' | 'logger' | 'timeoutMs' | 'retry' | 'concurrency' | 'maxRetryAfterMs'> {
  return {
    concurrency: settings.concurrency ?? defaults.concurrency,
    timeoutMs: settings.timeoutMs ?? 30_000,
    maxRetryAfterMs: settings.maxWaitMs ?? 60_000,
    retry: { limit: settings.retries ?? 3, baseDelayMs: settings.retryBaseDelayMs ?? 500 },
    ...(settings.fetch ? { fetch: settings.fetch } : {}),
    ...(settings.logger ? { logger: settings.logger } : {}),
  };
}

/** Request options whose fields may be given as `undefined` (left out). */
export type ApiRequest = { [K in keyof HttpShorthandOptions]?: HttpShorthandOptions[K] | undefined };

/** The request as core's client takes it: `method`, `path` and the options actually given. */
export function apiRequest(method: HttpMethod, path: string, options: ApiRequest = {}): HttpRequestOptions {
  const given = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
  return { ...given, method, path };
}
