import { buildToolName, defineToolMetadata, lazySchema, NotFoundError, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { webhookIdParam } from './webhook-params.ts';
import { forgetWebhookSecret } from './webhook-secret-keeping.ts';
import { teamIdParam } from '../shared/params.ts';

const DeleteWebhookParams = lazySchema(() =>
  z.object({ webhook_id: webhookIdParam(), team_id: teamIdParam() }),
);

export class DeleteWebhookTool extends ClickUpTool<typeof DeleteWebhookParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('delete_webhook', TOOL_PREFIX),
    description: 'Stop a webhook: ClickUp posts no more events to its endpoint.',
    category: 'webhooks',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = DeleteWebhookParams;

  async execute({ webhook_id }: ParamsOf<typeof DeleteWebhookParams>, ctx: ClickUpCtx) {
    try {
      await ctx.deps.client.delete(`/webhook/${encodeURIComponent(webhook_id)}`, { signal: ctx.signal });
    } catch (error) {
      // Already gone from ClickUp: its kept secret can go too.
      if (NotFoundError.isInstance(error)) await forgetWebhookSecret(ctx, webhook_id);
      throw error;
    }
    ctx.deps.references.changed('webhook');
    return { deleted: webhook_id, ...(await forgetWebhookSecret(ctx, webhook_id)) };
  }
}
