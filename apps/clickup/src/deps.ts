/**
 * What every ClickUp tool receives as `ctx.deps`: the API client and the settings tools read.
 * bin/cli.ts builds it from the config after the command line is parsed; tests build it against
 * the emulator (tools/emulators/clickup).
 */
import type { Logger } from '@toolsmith/core';
import type { KnowledgeStore } from '@toolsmith/knowledge-search';
import { createKnowledgeHints, loadKnowledgeStore } from '@toolsmith/knowledge-search/tool';
import type { KnowledgeDeps } from '@toolsmith/executable-knowledge';
import { createClickUpClient, type ClickUpClient } from './api/clickup-client.ts';
import type { ClickUpConfig } from './config.ts';
import { createClickUpKnowledge } from './knowledge/clickup-knowledge.ts';
import { ClickUpReferences } from './references/clickup-references.ts';
import { knowledgeSources } from './knowledge/pack-location.ts';
import { createWebhookEventStore } from './webhooks/open-webhook-store.ts';
import type { WebhookEventStore } from './webhooks/webhook-event-store.ts';

export interface ClickUpDeps extends KnowledgeDeps {
  readonly client: ClickUpClient;
  readonly config: Pick<ClickUpConfig, 'maxBatch' | 'uploadDir' | 'teamId'>;
  /**
   * The workspace's entities every tool parameter may name (members, lists, statuses, tags, fields…)
   * and the user's time zone: what core's guarded path resolves declared values against.
   */
  readonly references: ClickUpReferences;
  /** Stops what the dependencies started (the knowledge sandbox's host process). */
  close(): Promise<void>;
  /** Received webhook events (opened on first use); absent: the webhook readers say how to enable intake. */
  readonly webhookEvents?: WebhookEventStore;
  /** The knowledge-search store behind clickup_search_knowledge: loaded, then opened, on first use. */
  knowledgeStore(): Promise<KnowledgeStore>;
}

export function createDeps(
  config: ClickUpConfig,
  logger?: Logger,
  fetch?: typeof globalThis.fetch,
): ClickUpDeps {
  const client = createClickUpClient({
    baseUrl: config.apiBase,
    authorization: config.authorization,
    teamId: config.teamId,
    timeoutMs: config.timeoutMs,
    retries: config.retries,
    concurrency: config.concurrency,
    maxWaitMs: config.maxWaitMs,
    ...(logger ? { logger } : {}),
    ...(fetch ? { fetch } : {}),
  });
  // The pack's validators guard the writes; the sandbox starts on the first guarded call.
  const { knowledge, knowledgeContext, close } = createClickUpKnowledge(client, logger ? { logger } : {});
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
    client,
    references: new ClickUpReferences(client),
    knowledge,
    knowledgeContext,
    knowledgeStore: openKnowledgeStore,
    // an API refusal the validators let through gains what the pack says about it
    knowledgeHints: createKnowledgeHints({ store: openKnowledgeStore, sources: knowledgeSources }),
    close: async () => {
      await close();
      if (knowledgeStore) await (await knowledgeStore).close();
    },
    config: { maxBatch: config.maxBatch, uploadDir: config.uploadDir, teamId: config.teamId },
    webhookEvents: createWebhookEventStore({
      databaseUrl: config.databaseUrl,
      directory: config.webhookStore,
      logger,
    }),
  };
}
