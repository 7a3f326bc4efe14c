import {
  ApiError,
  buildToolName,
  defineToolMetadata,
  fold,
  labelOf,
  lazySchema,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toComponent, type ApiComponent } from '../../api/dto/component-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { withHint } from '../shared/known-values.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { atMost, filled, queueIdParam, userIdParam } from '../shared/params.ts';
import { refuse } from '../shared/relations.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { withQueueHint } from '../queues/queue-hints.ts';

const CreateComponentParams = lazySchema(() =>
  z.object({
    queueId: queueIdParam,
    name: z
      .string()
      .trim()
      .refine(filled, 'Must be at least 1 character long.')
      .refine(atMost(200), 'Must be at most 200 characters long.')
      .describe('Name, unique in the queue.'),
    description: z
      .string()
      .refine(atMost(10_000), 'Must be at most 10000 characters long.')
      .optional()
      .describe('Description.'),
    lead: userIdParam.optional().describe('Owner: login or uid.'),
    assignAuto: z.boolean().optional().describe('Auto-assign its new issues to the lead.'),
  }),
);

export class CreateComponentTool extends TrackerTool<typeof CreateComponentParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_component', TOOL_PREFIX),
    description: 'Create a component in a queue.',
    category: 'components',
    toolset: 'components',
    tags: ['component', 'create', 'new', 'queue', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = CreateComponentParams;

  protected override outcomeCheck(params: ParamsOf<typeof CreateComponentParams>): OutcomeCheck {
    return {
      done: `the component was created in ${params.queueId}`,
      tool: buildToolName('get_components', TOOL_PREFIX),
      args: { queueId: params.queueId },
      lookFor: `a component named ${JSON.stringify(params.name)}`,
    };
  }

  /** A name the queue's components already have is refused before anything is sent (the API's 409). */
  protected override async beforeExecute(params: ParamsOf<typeof CreateComponentParams>, ctx: TrackerCtx) {
    await super.beforeExecute(params, ctx);
    const components = await ctx.deps.references.entities('component', params.queueId, ctx);
    const same = components?.list.records.find((r) => r.names?.some((n) => fold(n) === fold(params.name)));
    if (same)
      throw refuse(
        this.name,
        'name',
        `Queue ${params.queueId} already has the component ${labelOf(same)}: use its id, or pick another name. Nothing was sent.`,
      );
  }

  async execute(params: ParamsOf<typeof CreateComponentParams>, ctx: TrackerCtx) {
    const body = {
      name: params.name,
      queue: params.queueId,
      ...(params.description !== undefined ? { description: params.description } : {}),
      ...(params.lead !== undefined ? { lead: params.lead } : {}),
      ...(params.assignAuto !== undefined ? { assignAuto: params.assignAuto } : {}),
    };
    try {
      const component = await ctx.deps.client.post<ApiComponent>('/v3/components', {
        json: body,
        signal: ctx.signal,
      });
      ctx.deps.references.invalidate('component');
      return toComponent(component);
    } catch (error) {
      if (ApiError.isInstance(error) && error.status === 409) {
        throw withHint(
          error,
          `Queue ${params.queueId} already has a component named "${params.name}": use it (tracker_get_components with queueId "${params.queueId}" shows its id) or pick another name.`,
        );
      }
      throw await withQueueHint(ctx, error);
    }
  }
}
