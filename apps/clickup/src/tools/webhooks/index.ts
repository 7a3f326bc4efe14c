/** The webhooks tools, in the order tools/list shows them. */
import type { AnyTool } from '@toolsmith/core';
import type { ClickUpDeps } from '../../deps.ts';
import { CreateWebhookTool } from './create-webhook.tool.ts';
import { DeleteWebhookTool } from './delete-webhook.tool.ts';
import { ListWebhookEventsTool } from './list-webhook-events.tool.ts';
import { ListWebhooksTool } from './list-webhooks.tool.ts';
import { UpdateWebhookTool } from './update-webhook.tool.ts';

export function webhookTools(): AnyTool<ClickUpDeps>[] {
  return [
    new ListWebhookEventsTool(),
    new ListWebhooksTool(),
    new CreateWebhookTool(),
    new UpdateWebhookTool(),
    new DeleteWebhookTool(),
  ];
}
