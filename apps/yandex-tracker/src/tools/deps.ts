import type { TrackerClient } from '../api/tracker-client.ts';
import type { TrackerConfig } from '../config.ts';
import type { ReferenceValues } from './shared/reference-values.ts';

/** What every Tracker tool receives as `ctx.deps`. */
export interface TrackerDeps {
  client: TrackerClient;
  /** Priorities, types, resolutions, statuses and users, cached for the server (YANDEX_TRACKER_REFERENCE_TTL_MS). */
  reference: ReferenceValues;
  config: Pick<
    TrackerConfig,
    | 'webUrl'
    | 'org'
    | 'maxBatch'
    | 'queues'
    | 'readOnlyQueues'
    | 'uploadDir'
    | 'downloadDir'
    | 'maxDownloadBytes'
    | 'bulkPollMs'
    | 'bulkTimeoutMs'
  >;
}

/** Every tool name starts with `tracker_` (search_tools, from core, excepted). */
export const TOOL_PREFIX = 'tracker';
