import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toWebhookView, type ApiWebhook } from '../../api/dto/webhook-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { folderIdParam, listIdParam, spaceIdParam, taskIdParam, teamIdParam } from '../shared/params.ts';
import { keepWebhookSecret } from './webhook-secret-keeping.ts';
import { endpointParam, eventsParam } from './webhook-params.ts';
import { refuseSecondWebhook } from './same-endpoint.ts';

const CreateWebhookParams = lazySchema(() =>
  z.object({
    endpoint: endpointParam(),
    events: eventsParam(),
    space_id: spaceIdParam().optional(),
    folder_id: folderIdParam().optional(),
    list_id: listIdParam().optional(),
    task_id: taskIdParam().optional(),
    team_id: teamIdParam(),
  }),
);

type Params = ParamsOf<typeof CreateWebhookParams>;

export class CreateWebhookTool extends ClickUpTool<typeof CreateWebhookParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_webhook', TOOL_PREFIX),
    description:
      'Have ClickUp post events (whole workspace, or one space/folder/list/task) to an endpoint. The server keeps its signing secret and checks deliveries with it.',
    category: 'webhooks',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = CreateWebhookParams;

  protected override async beforeExecute(params: Params, ctx: ClickUpCtx) {
    await refuseSecondWebhook(ctx, params.endpoint);
    await super.beforeExecute(params, ctx);
  }

  protected override outcomeCheck({ endpoint }: Params): OutcomeCheck {
    return {
      done: 'the webhook was created',
      tool: buildToolName('list_webhooks', TOOL_PREFIX),
      lookFor: `a webhook with endpoint ${JSON.stringify(endpoint)}`,
    };
  }

  // team_id chose the workspace (the path); it is not a field of the webhook.
  async execute({ task_id, team_id: _workspace, ...params }: Params, ctx: ClickUpCtx) {
    const { client } = ctx.deps;
    const team = await client.teamId(ctx.signal);
    const created = await client.post<{ id: string; webhook: ApiWebhook }>(`/team/${team}/webhook`, {
      json: { ...params, ...(task_id ? { task_id: await client.resolveTaskId(task_id, ctx.signal) } : {}) },
      signal: ctx.signal,
    });
    ctx.deps.references.changed('webhook');
    // The secret is kept for intake, never returned (webhook-secret-keeping.ts).
    const kept = await keepWebhookSecret(ctx, created.id, created.webhook.secret);
    return { ...toWebhookView(created.webhook), ...kept };
  }
}
