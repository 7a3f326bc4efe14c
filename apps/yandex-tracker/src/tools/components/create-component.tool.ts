import { ApiError, buildToolName, defineToolMetadata } from '@toolsmith/core';
import { z } from 'zod';
import { toComponent, type ApiComponent } from '../../api/dto/component-dto.ts';
import { TOOL_PREFIX } from '../deps.ts';
import { withHint } from '../shared/known-values.ts';
import type { TrackerCtx } from '../shared/list-result.ts';
import { queueIdParam, userIdParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { withQueueHint } from '../queues/queue-hints.ts';
import { lazySchema } from '../shared/lazy-schema.ts';

const CreateComponentParams = lazySchema(() =>
  z.object({
    queueId: queueIdParam.describe('Queue the component belongs to, e.g. "DEMO".'),
    name: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .describe('Component name, unique in the queue, e.g. "Mobile app".'),
    description: z
      .string()
      .max(10_000)
      .optional()
      .describe('What the component covers, e.g. "iOS and Android clients".'),
    lead: userIdParam.optional().describe('Component owner: login or uid, e.g. "carol".'),
    assignAuto: z
      .boolean()
      .optional()
      .describe('Assign new issues with this component to its lead automatically, e.g. true. Default false.'),
  }),
);

export class CreateComponentTool extends TrackerTool<ReturnType<typeof CreateComponentParams>> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_component', TOOL_PREFIX),
    title: 'Create component',
    description:
      'Create a component in a queue, with an optional owner who can get its new issues automatically (`assignAuto`). Names are unique per queue.',
    category: 'components',
    toolset: 'components',
    tags: ['component', 'create', 'new', 'queue', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
  });

  getParamsSchema() {
    return CreateComponentParams();
  }

  async execute(params: z.output<ReturnType<typeof CreateComponentParams>>, ctx: TrackerCtx) {
    const body = {
      name: params.name,
      queue: params.queueId,
      ...(params.description !== undefined ? { description: params.description } : {}),
      ...(params.lead !== undefined ? { lead: params.lead } : {}),
      ...(params.assignAuto !== undefined ? { assignAuto: params.assignAuto } : {}),
    };
    try {
      return toComponent(
        await ctx.deps.client.post<ApiComponent>('/v3/components', { json: body, signal: ctx.signal }),
      );
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
