import type { TrackerClient } from './api/tracker-client.ts';
import type { CredentialKind } from './auth/credential-source.ts';
import type { TrackerConfig } from './config.ts';
import type { ReferenceSource } from '@toolsmith/core';

/** What every Tracker tool receives as `ctx.deps`. */
export interface TrackerDeps {
  client: TrackerClient;
  /**
   * The reference data every declared parameter is resolved against (users, queues, statuses, …),
   * cached per deps — the server's, or one user's with per-user credentials (server.ts
   * createDepsFactory) — for YANDEX_TRACKER_REFERENCE_TTL_MS, and the user's time zone: core's
   * guarded path finds it here (shared/references.ts).
   */
  references: ReferenceSource<TrackerDeps>;
  /**
   * An opaque identity of the organisation and credentials calls are made with (a hash, see
   * issues/create-key.ts): part of the `unique` key `tracker_create_issue` derives from a call.
   * Absent, the organisation alone is.
   */
  caller?: string;
  /** Whose credentials the client calls with (hints on a 401 depend on it). Absent: a static token. */
  credentials?: CredentialKind;
  config: Pick<
    TrackerConfig,
    | 'webUrl'
    | 'org'
    | 'maxBatch'
    | 'queues'
    | 'readOnlyQueues'
    | 'uploadDir'
    | 'uploadUrl'
    | 'downloadDir'
    | 'maxDownloadBytes'
    | 'confirmDestructive'
    | 'bulkPollMs'
    | 'bulkTimeoutMs'
  >;
}
