/**
 * Yandex Tracker server assembly: what it announces, its registry (the toolsets and tools of
 * tools/index.ts, the resources and prompt of context/) and its dependencies. No I/O at import time.
 */
import { ToolRegistry, type Logger } from '@toolsmith/core';
import { createTrackerClient } from './api/tracker-client.ts';
import { staticCredentials, type CredentialSource } from './auth/credential-source.ts';
import { createServiceAccountCredentials } from './auth/service-account-credentials.ts';
import { UpstreamCredentialsError } from './auth/upstream-credentials-error.ts';
import { userCredentials, type UserAuth } from './auth/user-credentials.ts';
import type { TrackerConfig } from './config.ts';
import type { TrackerDeps } from './deps.ts';
import { createPrompts, createResources } from './context/index.ts';
import { createTools, TOOLSETS } from './tools/index.ts';
import { callerIdentity } from './tools/issues/create-key.ts';
import { createTrackerReferences } from './tools/shared/references.ts';

export { TOOL_PREFIX } from './tool-prefix.ts';
export { TOOLSETS } from './tools/index.ts';

export const SERVER_NAME = 'yandex-tracker';
export const SERVER_VERSION = '0.1.0';
/**
 * Said once here rather than in every definition (issue 15 §1, ADR 0018): the consent rule, id and
 * list conventions, `fields`, paging, business-time durations.
 */
export const SERVER_INSTRUCTIONS = [
  'Yandex Tracker tools. Issue keys look like DEMO-12 and are case-sensitive (the 24-character issue id works too); queue keys are upper case, e.g. DEMO.',
  'Find issues with tracker_find_issues (YQL `query` is the most robust), read them with tracker_get_issues.',
  'Reads return a compact view; `fields` (dot paths of the API object) returns just those. Lists page with `perPage` and `cursor` (the `nextCursor` of the previous page).',
  'Status changes only through transitions: tracker_get_issue_transitions, then tracker_transition_issue.',
  "Every tool that changes data (readOnlyHint false) requires the user's explicit consent: describe the change and get their confirmation before calling it.",
  'Where a list field (tags, followers, permissions) takes a plain list it REPLACES the whole list; {add, remove} edits it. Pass `version` from your last read to refuse overwriting a newer change.',
  'Type, priority, resolution and status keys come from the reference tools; users are logins or uids. Worklog durations are business time: 1d = 8h, 1w = 5d.',
  'A display name, e-mail, another case or "me" is converted to the key and the answer says so first; a time without an offset is in your Tracker time zone; dates may be words ("next Friday").',
  'More tools (attachments, checklists, worklogs, queues, projects, boards, sprints, bulk changes, reference data) are found with search_tools.',
].join(' ');

export function createRegistry(): ToolRegistry<TrackerDeps> {
  // Definitions are generated when a tool is first listed or called: with the default toolsets only 13
  // of 67 are (about 60 ms less at start-up). src/server.test.ts generates and checks every one.
  return new ToolRegistry<TrackerDeps>({ toolsets: TOOLSETS, definitions: 'lazy' })
    .register(...createTools())
    .registerResources(...createResources())
    .registerPrompts(...createPrompts());
}

export interface CreateDepsOptions {
  fetch?: typeof fetch;
  logger?: Logger;
  /** Backoff base delay of retries (tests shorten it). */
  retryBaseDelayMs?: number;
  /**
   * Whose credentials Tracker is called with. Default: the server's own from the configuration (a
   * static token, a service account); in the per-user modes, none (every call refused, see
   * {@link createDepsFactory}).
   */
  credentials?: CredentialSource;
  /** Service account: after a failed IAM token refresh, the next attempt no sooner than this (ms). */
  iamRetryDelayMs?: number;
}

export function createDeps(config: TrackerConfig, options: CreateDepsOptions = {}): TrackerDeps {
  const { credentials: given, iamRetryDelayMs: _, ...clientOptions } = options;
  const credentials = given ?? serverCredentials(config, options);
  const client = createTrackerClient({
    baseUrl: config.apiBase,
    credentials,
    org: config.org,
    timeoutMs: config.timeoutMs,
    retries: config.retries,
    concurrency: config.concurrency,
    ...clientOptions,
  });
  let caller: string | undefined;
  return {
    client,
    references: createTrackerReferences({ ttlMs: config.referenceTtlMs, timezone: config.timezone }),
    // Hashed at the first issue created (its unique key), not at start: hashing loads node:crypto.
    get caller() {
      return (caller ??= callerIdentity(config.org, credentials.principal));
    },
    credentials: credentials.kind,
    config: {
      webUrl: config.webUrl,
      org: config.org,
      maxBatch: config.maxBatch,
      queues: config.queues,
      readOnlyQueues: config.readOnlyQueues,
      uploadDir: config.uploadDir,
      uploadUrl: config.uploadUrl,
      downloadDir: config.downloadDir,
      maxDownloadBytes: config.maxDownloadBytes,
      confirmDestructive: config.confirmDestructive,
      bulkPollMs: config.bulkPollMs,
      bulkTimeoutMs: config.bulkTimeoutMs,
    },
  };
}

/**
 * The server's own credentials: the static token, or the service account's IAM tokens (exchanged
 * and refreshed). In the per-user modes the server has none: a source that refuses every call
 * with what the request lacked, never a fallback.
 */
export function serverCredentials(config: TrackerConfig, options: CreateDepsOptions = {}): CredentialSource {
  const upstream = config.upstreamAuth;
  if (upstream.mode === 'passthrough' || upstream.mode === 'login') {
    const refuse = () =>
      upstream.mode === 'passthrough'
        ? UpstreamCredentialsError.missingHeader(upstream.header)
        : UpstreamCredentialsError.missing();
    return {
      kind: 'user',
      principal: 'nobody',
      credentials: () => Promise.reject(refuse()),
    };
  }
  const credentials = upstream.credentials;
  if (credentials.kind !== 'service-account') return staticCredentials(credentials);
  return createServiceAccountCredentials({
    key: credentials.key,
    iamEndpoint: credentials.iamEndpoint,
    timeoutMs: config.timeoutMs,
    retries: config.retries,
    ...(options.retryBaseDelayMs === undefined ? {} : { retryBaseDelayMs: options.retryBaseDelayMs }),
    ...(options.iamRetryDelayMs === undefined ? {} : { retryDelayMs: options.iamRetryDelayMs }),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
}

export interface DepsFactory {
  /** The server's dependencies: its own credentials (or, in the per-user modes, none). */
  readonly deps: TrackerDeps;
  /**
   * The dependencies of a request's caller (core's `depsFor`): a caller with upstream credentials
   * (built-in authorization server, pass-through) gets deps of their own — client, reference data,
   * profile and time zone, create keys — kept per `auth.cacheKey` (the least recently used dropped
   * past `maxUsers`), so nothing one user may see is served to another; any other caller the
   * server's.
   */
  depsFor(auth: UserAuth): TrackerDeps;
}

export function createDepsFactory(
  config: TrackerConfig,
  options: CreateDepsOptions & { maxUsers?: number } = {},
): DepsFactory {
  const { maxUsers = 1000, ...depsOptions } = options;
  const deps = createDeps(config, depsOptions);
  const users = new Map<string, { deps: TrackerDeps; auth: UserAuth }>();
  return {
    deps,
    depsFor(auth) {
      if (!auth.upstreamCredentials) return deps;
      let user = users.get(auth.cacheKey);
      if (user) {
        users.delete(auth.cacheKey); // re-inserted below: most recently used last
        user.auth = auth; // the newest context (its credentials may have been refreshed)
      } else {
        const entry: { deps?: TrackerDeps; auth: UserAuth } = { auth };
        entry.deps = createDeps(config, { ...depsOptions, credentials: userCredentials(() => entry.auth) });
        user = entry as { deps: TrackerDeps; auth: UserAuth };
        while (users.size >= maxUsers) users.delete(users.keys().next().value!);
      }
      users.set(auth.cacheKey, user);
      return user.deps;
    },
  };
}
