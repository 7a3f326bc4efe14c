/**
 * One webhook per endpoint: a second one would deliver every event twice (and ClickUp refuses it
 * only after the call). Checked before a create or an endpoint change, by reading the webhooks.
 */
import { buildToolName, ValidationError } from '@toolsmith/core';
import type { ApiWebhook } from '../../api/dto/webhook-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { ClickUpCtx } from '../clickup-context.ts';

const same = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

export async function refuseSecondWebhook(ctx: ClickUpCtx, endpoint: string, except?: string): Promise<void> {
  const team = await ctx.deps.client.teamId(ctx.signal);
  const { webhooks } = await ctx.deps.client.get<{ webhooks: ApiWebhook[] }>(`/team/${team}/webhook`, {
    signal: ctx.signal,
  });
  const existing = webhooks.find((w) => w.id !== except && same(w.endpoint, endpoint));
  if (!existing) return;
  const update = buildToolName('update_webhook', TOOL_PREFIX);
  throw new ValidationError({
    toolName: ctx.toolName,
    issues: [
      {
        field: 'endpoint',
        message: `webhook ${existing.id} already posts to ${existing.endpoint} (events: ${existing.events.join(', ')}); a second one would deliver every event twice. Change that one with ${update} (webhook_id "${existing.id}"), or delete it first. Nothing was sent.`,
      },
    ],
  });
}
