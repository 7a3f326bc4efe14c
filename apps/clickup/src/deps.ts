/**
 * What every ClickUp tool receives as `ctx.deps`: the API client and the settings tools read.
 * bin/cli.ts builds it from the config after the command line is parsed; tests build it against
 * the emulator (tools/emulators/clickup).
 */
import type { Logger } from '@toolsmith/core';
import type { KnowledgeDeps } from '@toolsmith/executable-knowledge';
import { createClickUpClient, type ClickUpClient } from './api/clickup-client.ts';
import type { ClickUpConfig } from './config.ts';
import { createClickUpKnowledge } from './knowledge/clickup-knowledge.ts';
import { createWebhookEventStore } from './webhooks/open-webhook-store.ts';
import type { WebhookEventStore } from './webhooks/webhook-event-store.ts';

export interface ClickUpDeps extends KnowledgeDeps {
  readonly client: ClickUpClient;
  readonly config: Pick<ClickUpConfig, 'maxBatch' | 'uploadDir' | 'teamId'>;
  /** Stops what the dependencies started (the knowledge sandbox's host process). */
  close(): Promise<void>;
  /** Received webhook events (opened on first use); absent: the webhook readers say how to enable intake. */
  readonly webhookEvents?: WebhookEventStore;
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
  return {
    client,
    knowledge,
    knowledgeContext,
    close,
    config: { maxBatch: config.maxBatch, uploadDir: config.uploadDir, teamId: config.teamId },
    webhookEvents: createWebhookEventStore({
      databaseUrl: config.databaseUrl,
      directory: config.webhookStore,
      logger,
    }),
  };
}
