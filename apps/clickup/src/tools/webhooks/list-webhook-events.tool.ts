import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  listAfter,
  ref,
  ToolsmithError,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { WEBHOOK_FORMATS } from '../../webhooks/webhook-event-store.ts';
import { NO_WEBHOOK_STORE, toWebhookEventView } from '../../webhooks/webhook-event-view.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { dateParam, listIdParam, taskIdParam, teamIdParam } from '../shared/params.ts';
import { placeOf } from '../shared/relationships.ts';
import { parseTaskRef } from '../../api/task-ref.ts';
import { sayFirstPage } from '../shared/paging.ts';
import { rangeEnd } from '../shared/clickup-dates.ts';

export const ListWebhookEventsParams = lazySchema(() =>
  z.object({
    event: ref('webhook_event').optional().describe('Event name, e.g. "taskStatusUpdated"'),
    task_id: taskIdParam().optional(),
    list_id: listIdParam().optional(),
    format: z.enum(WEBHOOK_FORMATS).optional().describe('Payload format'),
    since: dateParam().optional().describe('Received at or after'),
    until: dateParam().optional().describe('Received before'),
    order: z.enum(['newest', 'oldest']).default('newest').describe('Sort'),
    include: z
      .array(z.enum(['changes', 'payload']))
      .optional()
      .describe('Add the normalised changes, the raw payload'),
    perPage: z.number().int().min(1).max(100).default(20).describe('Events per page (1–100)'),
    cursor: z.string().min(1).optional().describe('nextCursor of the previous page'),
    team_id: teamIdParam(),
  }),
);

export class ListWebhookEventsTool extends ClickUpTool<typeof ListWebhookEventsParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('list_webhook_events', TOOL_PREFIX),
    description: 'Events ClickUp delivered to this server (webhooks and automation calls), with filters.',
    category: 'webhooks',
    toolset: 'webhooks',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  });

  static override readonly PARAMS = ListWebhookEventsParams;

  /** Events are stored by the task's id: a custom id ("DEV-12") is looked up (announced). */
  protected override async beforeExecute(params: ParamsOf<typeof ListWebhookEventsParams>, ctx: ClickUpCtx) {
    if (params.task_id !== undefined && parseTaskRef(params.task_id).custom) {
      const task = await placeOf(ctx, params.task_id, 'task_id');
      ctx.call?.convert('task_id', params.task_id, task.id, 'its task id: events are kept by it');
      params.task_id = task.id;
    }
    await super.beforeExecute(params, ctx);
  }

  async execute(params: ParamsOf<typeof ListWebhookEventsParams>, ctx: ClickUpCtx) {
    const store = ctx.deps.webhookEvents;
    if (!store)
      // What the agent relays to the user (how to turn intake on), not a bug of the server.
      throw new ToolsmithError({ code: 'no_webhook_store', message: NO_WEBHOOK_STORE, userFacing: true });
    const include = new Set(params.include ?? []);
    const filter = {
      event: params.event,
      taskId: params.task_id,
      listId: params.list_id,
      format: params.format,
      since: params.since === undefined ? undefined : new Date(params.since.epochMs),
      until: params.until === undefined ? undefined : new Date(rangeEnd(params.until, 'until', ctx)),
    };
    return sayFirstPage(
      ctx,
      params.cursor,
      await listAfter(
        this.name,
        params,
        (after, limit) => store.list(filter, { after, limit, order: params.order }),
        (event) => event.id,
        (event) =>
          toWebhookEventView(event, { changes: include.has('changes'), payload: include.has('payload') }),
      ),
    );
  }
}
