/**
 * What every ClickUp tool receives as `ctx.deps`: the API client and the settings tools read.
 * bin/cli.ts builds it from the config after the command line is parsed; tests build it against
 * the emulator (tools/emulators/clickup).
 */
import type { Logger } from '@toolsmith/core';
import { createClickUpClient, type ClickUpClient } from './api/clickup-client.ts';
import type { ClickUpConfig } from './config.ts';

export interface ClickUpDeps {
  readonly client: ClickUpClient;
  readonly config: Pick<ClickUpConfig, 'maxBatch' | 'uploadDir' | 'teamId'>;
}

export function createDeps(
  config: ClickUpConfig,
  logger?: Logger,
  fetch?: typeof globalThis.fetch,
): ClickUpDeps {
  return {
    client: createClickUpClient({
      baseUrl: config.apiBase,
      authorization: config.authorization,
      teamId: config.teamId,
      timeoutMs: config.timeoutMs,
      retries: config.retries,
      concurrency: config.concurrency,
      maxWaitMs: config.maxWaitMs,
      ...(logger ? { logger } : {}),
      ...(fetch ? { fetch } : {}),
    }),
    config: { maxBatch: config.maxBatch, uploadDir: config.uploadDir, teamId: config.teamId },
  };
}
