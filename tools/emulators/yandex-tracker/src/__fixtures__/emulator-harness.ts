/**
 * The emulator's own tests: one emulator per file (reset to the seed before each test) and a tiny
 * HTTP client — JSON in, status + headers + JSON out, with the token and organisation headers Tracker wants.
 */
import { afterAll, beforeAll, beforeEach } from '@jest/globals';
import { createTrackerEmulator, type TrackerEmulator } from '../create-tracker-emulator.ts';

export interface ApiAnswer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  json: T;
}

export interface EmulatorHarness {
  /** The running emulator (after `beforeAll`). */
  readonly tracker: TrackerEmulator;
  /** `call('POST', '/v3/entities/project/_search', {})` → `<tracker.url>/v3/…`. */
  call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<ApiAnswer<T>>;
}

/** Registers the hooks that start, reset and close an emulator for the calling test file. */
export function useTrackerEmulator(): EmulatorHarness {
  let tracker: TrackerEmulator | undefined;
  beforeAll(async () => {
    tracker = await createTrackerEmulator();
  });
  beforeEach(() => tracker!.reset());
  afterAll(() => tracker!.close());
  return {
    get tracker() {
      return tracker!;
    },
    async call<T = Record<string, unknown>>(method: string, path: string, body?: unknown) {
      const response = await fetch(`${tracker!.url}${path}`, {
        method,
        headers: {
          authorization: `OAuth ${tracker!.token}`,
          'x-org-id': tracker!.orgId,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return {
        status: response.status,
        headers: response.headers,
        json: (text ? JSON.parse(text) : undefined) as T,
      };
    },
  };
}
