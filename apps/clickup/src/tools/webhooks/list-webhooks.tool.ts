import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { toWebhookView, type ApiWebhook } from '../../api/dto/webhook-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { teamIdParam } from '../shared/params.ts';

const ListWebhooksParams = lazySchema(() => z.object({ team_id: teamIdParam() }));

export class ListWebhooksTool extends ClickUpTool<typeof ListWebhooksParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('list_webhooks', TOOL_PREFIX),
    description: "The token's webhooks in the workspace: endpoint, events, scope, health.",
    category: 'webhooks',
    annotations: { readOnlyHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = ListWebhooksParams;

  async execute(_params: ParamsOf<typeof ListWebhooksParams>, ctx: ClickUpCtx) {
    const team = await ctx.deps.client.teamId(ctx.signal);
    const { webhooks } = await ctx.deps.client.get<{ webhooks: ApiWebhook[] }>(`/team/${team}/webhook`, {
      signal: ctx.signal,
    });
    return { items: webhooks.map(toWebhookView) };
  }
}
