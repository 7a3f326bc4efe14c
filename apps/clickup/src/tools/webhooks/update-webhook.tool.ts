import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { toWebhookView, type ApiWebhook } from '../../api/dto/webhook-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { endpointParam, eventsParam, webhookIdParam } from './webhook-params.ts';
import { refuseSecondWebhook } from './same-endpoint.ts';
import { teamIdParam } from '../shared/params.ts';

const UpdateWebhookParams = lazySchema(() =>
  z.object({
    webhook_id: webhookIdParam(),
    endpoint: endpointParam(),
    events: eventsParam(),
    status: z.enum(['active', 'suspended']).optional().describe('"active" re-enables a suspended webhook'),
    team_id: teamIdParam(),
  }),
);

export class UpdateWebhookTool extends ClickUpTool<typeof UpdateWebhookParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('update_webhook', TOOL_PREFIX),
    description:
      "Change a webhook's endpoint or events, or re-activate it after ClickUp suspended it. The secret stays the same.",
    category: 'webhooks',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = UpdateWebhookParams;

  protected override async beforeExecute(params: ParamsOf<typeof UpdateWebhookParams>, ctx: ClickUpCtx) {
    await refuseSecondWebhook(ctx, params.endpoint, params.webhook_id);
    await super.beforeExecute(params, ctx);
  }

  async execute({ webhook_id, ...body }: ParamsOf<typeof UpdateWebhookParams>, ctx: ClickUpCtx) {
    const updated = await ctx.deps.client.put<{ id: string; webhook: ApiWebhook }>(
      `/webhook/${encodeURIComponent(webhook_id)}`,
      { json: body, signal: ctx.signal },
    );
    ctx.deps.references.changed('webhook');
    return toWebhookView(updated.webhook);
  }
}
