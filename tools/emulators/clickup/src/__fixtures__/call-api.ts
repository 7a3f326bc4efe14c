/** A tiny HTTP client for the tests: JSON in, status + headers + JSON out, the personal token by default. */
import type { ClickUpEmulator } from '../create-clickup-emulator.ts';

export interface ApiAnswer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  json: T;
}

export interface CallOptions {
  /** The Authorization header; `null` sends none. Default the emulator's personal token. */
  auth?: string | null;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** `call('GET', '/task/abc')` → `<emulator.url>/task/abc`; a path starting with `/api/` is taken from the origin. */
export function apiCaller(emulator: ClickUpEmulator) {
  return async function call<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    options: CallOptions = {},
  ): Promise<ApiAnswer<T>> {
    const auth = options.auth === undefined ? emulator.token : options.auth;
    const response = await fetch(`${path.startsWith('/api/') ? emulator.origin : emulator.url}${path}`, {
      method,
      headers: {
        ...(auth === null ? {} : { authorization: auth }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      json: (text === '' ? undefined : JSON.parse(text)) as T,
    };
  };
}

export type Caller = ReturnType<typeof apiCaller>;

/** Loose shape of a task as the API renders it, for reading tests. */
export interface TaskJson {
  id: string;
  custom_id: string | null;
  name: string;
  status: { status: string; type: string };
  assignees: Array<{ id: number }>;
  watchers: Array<{ id: number }>;
  tags: Array<{ name: string }>;
  parent: string | null;
  date_created: string;
  date_updated: string;
  due_date: string | null;
  list: { id: string };
  custom_fields: Array<{ id: string; name: string; type: string; value?: unknown }>;
  subtasks?: TaskJson[];
  [key: string]: unknown;
}
