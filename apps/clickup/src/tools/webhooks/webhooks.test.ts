/**
 * The webhooks area: its definitions (snapshot), and clickup_list_webhook_events without a store.
 * Reading stored events is tested end to end in src/webhooks/webhook-emulator.test.ts.
 */
import { describe, expect, it } from '@jest/globals';
import { noProgress, silentLogger } from '@toolsmith/core';
import { describeAreaDefinitions } from '../../__fixtures__/area-definitions.ts';
import type { ClickUpDeps } from '../../deps.ts';
import { webhookTools } from './index.ts';
import { ListWebhookEventsTool } from './list-webhook-events.tool.ts';

describeAreaDefinitions('webhooks', webhookTools);

describe('clickup_list_webhook_events', () => {
  it('says how to enable intake when the server has no store', async () => {
    const tool = new ListWebhookEventsTool();
    const ctx = {
      // A server with a default workspace and no webhook store.
      deps: { caller: 'server', config: { teamId: '9015123456' } } as unknown as ClickUpDeps,
      signal: new AbortController().signal,
      progress: noProgress,
      logger: silentLogger,
      toolName: tool.name,
    };
    await expect(tool.execute(tool.getParamsSchema().parse({}), ctx)).rejects.toThrow(
      /CLICKUP_WEBHOOK_SECRET/,
    );
    // Through the guarded path: an answer for the agent to relay, not a server bug (-32603).
    const result = await tool.run({ order: 'oldest' }, ctx);
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('CLICKUP_WEBHOOK_SECRET');
  });
});
