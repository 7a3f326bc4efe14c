/**
 * What every ClickUp tool receives as `ctx.deps`: the API client and the settings tools read.
 * bin/cli.ts builds it from the config after the command line is parsed; tests build it against
 * the emulator (tools/emulators/clickup).
 *
 * Who calls decides what is made per caller. With the server's own token (stdio, or HTTP with
 * `--auth none|jwt|introspection|api-key`) there is one caller. With `--auth builtin` each signed-in
 * user gets deps of their own (`createDepsFactory().depsFor`): a client that sends their ClickUp
 * token, their workspaces, and per workspace the reference data and the validators' context — so
 * nothing one user may see is served to another. Shared by everyone, because they hold no user
 * data: the knowledge pack's sandbox (validators see only what a call hands them), the
 * knowledge-search store (the pack's documentation), and the webhook event store, whose reads are
 * narrowed per user to the webhooks ClickUp lists for them (user-webhook-events.ts).
 */
import { type AuthContext, type Logger } from '@toolsmith/core';
import type { KnowledgeStore } from '@toolsmith/knowledge-search';
import { createKnowledgeHints, loadKnowledgeStore } from '@toolsmith/knowledge-search/tool';
import type { KnowledgeDeps } from '@toolsmith/executable-knowledge';
import { createClickUpClient, type ClickUpClient } from './api/clickup-client.ts';
import { UserFacingConfigError } from './api/workspace-errors.ts';
import type { ClickUpConfig } from './config.ts';
import { createKnowledgeContext, createKnowledgeSource } from './knowledge/clickup-knowledge.ts';
import { ClickUpReferences } from './references/clickup-references.ts';
import { knowledgeSources } from './knowledge/pack-location.ts';
import { createWebhookEventStore } from './webhooks/open-webhook-store.ts';
import { userWebhookEvents } from './webhooks/user-webhook-events.ts';
import type { WebhookEventStore } from './webhooks/webhook-event-store.ts';

export interface ClickUpDeps extends KnowledgeDeps {
  readonly client: ClickUpClient;
  /**
   * Whose token the client sends: the server's (CLICKUP_API_TOKEN) or a signed-in user's
   * (`--auth builtin`, for whom CLICKUP_TEAM_ID is a default only when they are in it).
   */
  readonly caller: 'server' | 'user';
  readonly config: Pick<ClickUpConfig, 'maxBatch' | 'uploadDir' | 'teamId' | 'downloadMaxBytes' | 'apiBase'>;
  /**
   * The workspace's entities every tool parameter may name (members, lists, statuses, tags, fields…)
   * and the user's time zone: what core's guarded path resolves declared values against.
   */
  readonly references: ClickUpReferences<ClickUpDeps>;
  /** Stops what the dependencies started (the knowledge sandbox's host process). */
  close(): Promise<void>;
  /** Received webhook events (opened on first use); absent: the webhook readers say how to enable intake. */
  readonly webhookEvents?: WebhookEventStore;
  /** The knowledge-search store behind clickup_search_knowledge: loaded, then opened, on first use. */
  knowledgeStore(): Promise<KnowledgeStore>;
  /**
   * The same caller working in workspace `teamId` (a call's `team_id`, or the only one they see):
   * that workspace's client, reference data and validators' context, made once per workspace.
   */
  inWorkspace(teamId: string): ClickUpDeps;
}

/** What every caller shares: nothing in it holds what one user may see and another may not. */
interface SharedParts extends Pick<
  ClickUpDeps,
  'knowledge' | 'knowledgeStore' | 'knowledgeHints' | 'config' | 'close'
> {
  readonly webhookEvents: WebhookEventStore | undefined;
}

function createSharedParts(config: ClickUpConfig, logger?: Logger): SharedParts {
  // The pack's validators guard the writes; the sandbox starts on the first guarded call.
  const { knowledge, close } = createKnowledgeSource(logger ? { logger } : {});
  // Knowledge search: its package (PGlite, the AI SDK…) loads with the first search, never at start.
  let knowledgeStore: Promise<KnowledgeStore> | undefined;
  const openKnowledgeStore = () =>
    (knowledgeStore ??= loadKnowledgeStore({
      env: {
        ...config.knowledgeEmbedding,
        ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}),
        ...(config.knowledgeDb ? { KNOWLEDGE_DB: config.knowledgeDb } : {}),
      },
      ...(logger ? { logger } : {}),
    }));
  return {
    knowledge,
    knowledgeStore: openKnowledgeStore,
    // an API refusal the validators let through gains what the pack says about it
    knowledgeHints: createKnowledgeHints({ store: openKnowledgeStore, sources: knowledgeSources }),
    close: async () => {
      await close();
      if (knowledgeStore) await (await knowledgeStore).close();
    },
    config: {
      maxBatch: config.maxBatch,
      uploadDir: config.uploadDir,
      teamId: config.teamId,
      downloadMaxBytes: config.downloadMaxBytes,
      apiBase: config.apiBase,
    },
    webhookEvents: createWebhookEventStore({
      databaseUrl: config.databaseUrl,
      directory: config.webhookStore,
      logger,
    }),
  };
}

/** One caller's deps over `client`, and theirs per workspace (made on first use). */
function callerDeps(
  shared: SharedParts,
  client: ClickUpClient,
  webhookEvents: WebhookEventStore | undefined,
  caller: ClickUpDeps['caller'],
): ClickUpDeps {
  const { webhookEvents: _, ...common } = shared;
  const workspaces = new Map<string, ClickUpDeps>();
  const inWorkspace = (teamId: string): ClickUpDeps => {
    // The configured workspace (CLICKUP_TEAM_ID) is the one the caller's own client works in.
    if (teamId === shared.config.teamId) return base;
    let deps = workspaces.get(teamId);
    if (!deps) workspaces.set(teamId, (deps = make(client.inWorkspace(teamId))));
    return deps;
  };
  const make = (workspaceClient: ClickUpClient): ClickUpDeps => {
    // Made at the first call that reads them, not at start-up (the server's deps are made before
    // its first tools/list).
    let references: ClickUpReferences<ClickUpDeps> | undefined;
    let knowledgeContext: ClickUpDeps['knowledgeContext'];
    return {
      ...common,
      client: workspaceClient,
      caller,
      get references() {
        return (references ??= new ClickUpReferences<ClickUpDeps>(workspaceClient));
      },
      get knowledgeContext() {
        return (knowledgeContext ??= createKnowledgeContext(workspaceClient));
      },
      ...(webhookEvents ? { webhookEvents } : {}),
      inWorkspace,
    };
  };
  const base = make(client);
  return base;
}

function clientOptions(config: ClickUpConfig, logger?: Logger, fetch?: typeof globalThis.fetch) {
  return {
    baseUrl: config.apiBase,
    teamId: config.teamId,
    timeoutMs: config.timeoutMs,
    retries: config.retries,
    concurrency: config.concurrency,
    maxWaitMs: config.maxWaitMs,
    ...(logger ? { logger } : {}),
    ...(fetch ? { fetch } : {}),
  };
}

/**
 * `--auth builtin`: the server has no ClickUp token of its own. A request that reached ClickUp with
 * the server's deps would be a bug; say so instead of calling ClickUp without a token.
 */
const noServerToken = () => {
  throw new UserFacingConfigError({
    problems: [
      {
        variable: 'CLICKUP_API_TOKEN',
        problem:
          'is not used: this server calls ClickUp with the token of each user signed in through it (--auth builtin), and this request carried none.',
        howToFix: 'Sign in again from your MCP client, then call again.',
      },
    ],
  });
};

/** The server's deps: ClickUp called with the configured token (CLICKUP_API_TOKEN). */
export function createDeps(
  config: ClickUpConfig,
  logger?: Logger,
  fetch?: typeof globalThis.fetch,
): ClickUpDeps {
  return createDepsFactory(config, { ...(logger ? { logger } : {}), ...(fetch ? { fetch } : {}) }).deps;
}

export interface DepsFactory {
  /** The server's deps (its own token; with `--auth builtin`, none: webhook intake only). */
  readonly deps: ClickUpDeps;
  /**
   * The deps of a request's caller (core's `depsFor`, kept per `auth.cacheKey` by core): a user
   * signed in through the built-in authorization server gets deps of their own, calling ClickUp
   * with their token (read for every request, never the server's); any other caller (JWT,
   * introspection, API keys: no ClickUp token of theirs) the server's.
   */
  depsFor(auth: Pick<AuthContext, 'upstreamCredentials'>): ClickUpDeps;
}

export function createDepsFactory(
  config: ClickUpConfig,
  options: { logger?: Logger; fetch?: typeof globalThis.fetch } = {},
): DepsFactory {
  const shared = createSharedParts(config, options.logger);
  const serverClient = createClickUpClient({
    ...clientOptions(config, options.logger, options.fetch),
    authorization: config.oauth ? noServerToken : config.authorization,
  });
  const deps = callerDeps(shared, serverClient, shared.webhookEvents, 'server');
  return {
    deps,
    depsFor(auth) {
      const credentials = auth.upstreamCredentials?.bind(auth);
      if (!credentials) return deps;
      const client = createClickUpClient({
        ...clientOptions(config, options.logger, options.fetch),
        signedIn: true,
        authorization: async () => {
          const { scheme, token } = await credentials();
          return scheme === 'raw' ? token : `${scheme} ${token}`;
        },
      });
      // A user's deps close nothing: the sandbox and the stores are the server's.
      return callerDeps(
        { ...shared, close: async () => {} },
        client,
        shared.webhookEvents && userWebhookEvents(shared.webhookEvents, client),
        'user',
      );
    },
  };
}
