/** The webhooks tools, in the order tools/list shows them. */
import type { AnyTool } from '@toolsmith/core';
import type { ClickUpDeps } from '../../deps.ts';
import { ListWebhookEventsTool } from './list-webhook-events.tool.ts';

export function webhookTools(): AnyTool<ClickUpDeps>[] {
  return [new ListWebhookEventsTool()];
}
