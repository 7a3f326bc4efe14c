/**
 * The ClickUp HTTP client: core's HTTP kit (retries honouring X-RateLimit-Reset and Retry-After,
 * bounded waits, no blind POST retries, a concurrency cap, redaction) with ClickUp's auth header,
 * its error body, its workspace (resolved once from GET /team when not configured) and task
 * references: a custom id ("DEV-123") gets `custom_task_ids=true&team_id=…` on every task-scoped
 * request, automatically.
 */
import {
  ConfigError,
  createHttpClient,
  type HttpResponse,
  type Logger,
  type Query,
  type ResponseType,
} from '@toolsmith/core';
import { parseClickUpError } from './clickup-error-body.ts';
import { parseTaskRef, type TaskRef } from './task-ref.ts';

export type HttpVerb = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ClickUpClientOptions {
  baseUrl: string;
  /** The `Authorization` header value (see config.ts authorizationFor). */
  authorization: string;
  /** The configured workspace; else resolved from GET /team. */
  teamId?: string | undefined;
  fetch?: typeof fetch;
  logger?: Logger;
  timeoutMs?: number;
  retries?: number;
  /** Backoff base delay (tests shorten it). Default 500 ms. */
  retryBaseDelayMs?: number;
  concurrency?: number;
  maxWaitMs?: number;
}

export interface ClickUpRequest {
  query?: Query;
  json?: unknown;
  body?: FormData | Uint8Array<ArrayBuffer>;
  contentType?: string;
  signal?: AbortSignal | undefined;
  /** Safe to send twice. Default: every verb but POST. */
  idempotent?: boolean;
  responseType?: ResponseType;
  expectStatus?: number | readonly number[];
}

export interface TeamMember {
  id: number;
  username: string | null;
  email: string | null;
  initials?: string | null;
  role?: number;
}

export interface ClickUpClient {
  request<T>(method: HttpVerb, path: string, options?: ClickUpRequest): Promise<HttpResponse<T>>;
  get<T>(path: string, options?: ClickUpRequest): Promise<T>;
  post<T>(path: string, options?: ClickUpRequest): Promise<T>;
  put<T>(path: string, options?: ClickUpRequest): Promise<T>;
  delete<T = unknown>(path: string, options?: ClickUpRequest): Promise<T>;
  /** The workspace id: configured, or the only one GET /team returns (cached). */
  teamId(signal?: AbortSignal): Promise<string>;
  /**
   * A task-scoped path and query for a reference in any accepted form: custom ids get
   * `custom_task_ids=true&team_id=…`. `suffix` is appended to `/task/{id}` (e.g. `/comment`).
   */
  task(ref: string | TaskRef, suffix?: string, signal?: AbortSignal): Promise<{ path: string; query: Query }>;
  /**
   * The absolute URL of an API v3 path (`/workspaces/{id}/docs`) on the same host, for the
   * endpoints v2 lacks (docs, moving a task). v3 takes no custom task ids: resolve them first.
   */
  v3(path: string): string;
  /** The real id of a task reference (one GET for a custom id, none otherwise). */
  resolveTaskId(ref: string | TaskRef, signal?: AbortSignal): Promise<string>;
}

interface TeamList {
  teams: { id: string; name: string; members?: { user: TeamMember }[] }[];
}

export function createClickUpClient(options: ClickUpClientOptions): ClickUpClient {
  const http = createHttpClient({
    baseUrl: options.baseUrl,
    headers: () => ({ authorization: options.authorization }),
    secrets: () => [options.authorization, options.authorization.replace(/^Bearer /, '')],
    parseError: parseClickUpError,
    userAgent: 'clickup-mcp/0.1.0 (toolsmith)',
    concurrency: options.concurrency ?? 4,
    timeoutMs: options.timeoutMs ?? 30_000,
    maxRetryAfterMs: options.maxWaitMs ?? 60_000,
    retry: { limit: options.retries ?? 3, baseDelayMs: options.retryBaseDelayMs ?? 500 },
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });

  const request = <T>(method: HttpVerb, path: string, o: ClickUpRequest = {}) =>
    http.request<T>({
      method,
      path,
      ...(o.query ? { query: o.query } : {}),
      ...(o.json !== undefined ? { json: o.json } : {}),
      ...(o.body !== undefined ? { body: o.body } : {}),
      ...(o.contentType ? { contentType: o.contentType } : {}),
      ...(o.signal ? { signal: o.signal } : {}),
      ...(o.idempotent !== undefined ? { idempotent: o.idempotent } : {}),
      ...(o.responseType ? { responseType: o.responseType } : {}),
      ...(o.expectStatus !== undefined ? { expectStatus: o.expectStatus } : {}),
    });

  let team: Promise<string> | undefined = options.teamId ? Promise.resolve(options.teamId) : undefined;
  const teamId = (signal?: AbortSignal) => {
    team ??= (async () => {
      const { teams } = (await request<TeamList>('GET', '/team', signal ? { signal } : {})).data;
      if (teams.length === 1) return teams[0]!.id;
      throw new ConfigError({
        problems: [
          {
            variable: 'CLICKUP_TEAM_ID',
            problem:
              teams.length === 0
                ? 'is not set, and the token sees no workspace.'
                : `is not set, and the token sees ${teams.length} workspaces: ${teams.map((t) => `${t.id} (${t.name})`).join(', ')}.`,
            howToFix:
              teams.length === 0
                ? 'Use a token of a member of the workspace.'
                : 'Set CLICKUP_TEAM_ID to the id of the workspace this server works in.',
          },
        ],
      });
    })();
    // A failed lookup (network, token) is tried again on the next call.
    team.catch(() => (team = options.teamId ? team : undefined));
    return team;
  };

  return {
    request,
    get: async (path, o) => (await request<never>('GET', path, o)).data,
    post: async (path, o) => (await request<never>('POST', path, o)).data,
    put: async (path, o) => (await request<never>('PUT', path, o)).data,
    delete: async (path, o) => (await request<never>('DELETE', path, o)).data,
    teamId,
    v3: (path) => `${options.baseUrl.replace(/\/v2\/?$/, '/v3')}/${path.replace(/^\/+/, '')}`,
    async resolveTaskId(ref, signal) {
      const parsed = typeof ref === 'string' ? parseTaskRef(ref) : ref;
      if (!parsed.custom) return parsed.id;
      const path = `/task/${encodeURIComponent(parsed.id)}`;
      const query = { custom_task_ids: 'true', team_id: await teamId(signal) };
      return (await request<{ id: string }>('GET', path, { query, ...(signal ? { signal } : {}) })).data.id;
    },
    async task(ref, suffix = '', signal) {
      const parsed = typeof ref === 'string' ? parseTaskRef(ref) : ref;
      const path = `/task/${encodeURIComponent(parsed.id)}${suffix}`;
      if (!parsed.custom) return { path, query: {} };
      return { path, query: { custom_task_ids: 'true', team_id: await teamId(signal) } };
    },
  };
}
