/**
 * The test fixture of the layout: a Tracker tool's ctx on the Tracker API emulator (real HTTP, the
 * real client), for tests that run a tool through BaseTool.run. `openTestContext()` starts the
 * emulator, `close()` stops it. (The area tests go through a whole server instead:
 * e2e/__fixtures__/tracker-fixture.ts.)
 */
import { createToolContext } from '@toolsmith/testing';
import { createTrackerEmulator, type TrackerEmulator } from '@toolsmith/yandex-tracker-emulator';
import { loadConfig } from '../config.ts';
import type { TrackerDeps } from '../deps.ts';
import { createDeps } from '../server.ts';
import type { TrackerCtx } from '../tools/tracker-context.ts';

const TOKEN = 'y0_TRACKER_test_TOKEN_3b9e';

/** What a tool test works with: the emulator, the deps, a ctx per call, and close(). */
export interface TestContext {
  emulator: TrackerEmulator;
  deps: TrackerDeps;
  ctx(overrides?: Partial<TrackerCtx>): TrackerCtx;
  close(): Promise<void>;
}

export async function openTestContext(): Promise<TestContext> {
  const emulator = await createTrackerEmulator({ token: TOKEN });
  const deps = createDeps(
    loadConfig({
      YANDEX_TRACKER_API_BASE: emulator.url,
      YANDEX_TRACKER_TOKEN: emulator.token,
      YANDEX_ORG_ID: emulator.orgId,
      YANDEX_TRACKER_BULK_POLL_MS: '20',
    }),
    { retryBaseDelayMs: 5 },
  );
  return {
    emulator,
    deps,
    ctx: (overrides = {}) => createToolContext(deps, overrides),
    close: () => emulator.close(),
  };
}
