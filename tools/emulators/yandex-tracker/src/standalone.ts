/** The Yandex Tracker emulator as `npm run emulator -- yandex-tracker`: the seed organisation over HTTP. */
import type { StandaloneEmulator } from './cli/emulator-cli.ts';
import { sourceCommand } from './cli/emulator-cli.ts';
import { createTrackerEmulator, type TrackerEmulator } from './create-tracker-emulator.ts';

export const trackerStandalone: StandaloneEmulator<TrackerEmulator> = {
  summary: 'Yandex Tracker API (/v2 and /v3) with a seed organisation: queues DEMO, OPS, WEB',
  start: (listen) => createTrackerEmulator({ listen }),
  describe: (tracker, url) => ({
    title: `Yandex Tracker emulator (queues ${tracker.state.queues.map((q) => q.key).join(', ')})`,
    // The names apps/yandex-tracker/src/config.ts reads.
    env: {
      YANDEX_TRACKER_API_BASE: url,
      YANDEX_TRACKER_TOKEN: tracker.token,
      YANDEX_ORG_ID: tracker.orgId,
    },
    server: {
      name: 'yandex-tracker-mcp',
      // From a checkout, the app's source; elsewhere the published package.
      command: `${sourceCommand(
        new URL('../../../../apps/yandex-tracker/src/bin/yandex-tracker-mcp.ts', import.meta.url),
        'npx -y @toolsmith/yandex-tracker-mcp',
      )} --transport http --port 3000`,
    },
  }),
};
