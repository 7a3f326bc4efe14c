import {
  buildToolName,
  defineToolMetadata,
  fold,
  lazySchema,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { entityName } from '../boards/board-writes.ts';
import { withQueueHint } from '../queues/queue-hints.ts';
import { atMost, dateParam, queueIdParam } from '../shared/params.ts';
import { refuse } from '../shared/relations.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { assertDueAfterStart, toVersion, type ApiVersion } from './version-view.ts';

const CreateVersionParams = lazySchema(() =>
  z.object({
    queueId: queueIdParam,
    name: entityName('Name, unique in the queue, e.g. 1.2.'),
    description: z
      .string()
      .refine(atMost(10_000), 'Must be at most 10000 characters long.')
      .optional()
      .describe('Description.'),
    startDate: dateParam().optional(),
    dueDate: dateParam('Release day.').optional(),
  }),
);

type Params = ParamsOf<typeof CreateVersionParams>;

export class CreateVersionTool extends TrackerTool<typeof CreateVersionParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_version', TOOL_PREFIX),
    description: 'Create a version (release) in a queue.',
    category: 'versions',
    toolset: 'versions',
    tags: ['version', 'release', 'create', 'new', 'queue', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = CreateVersionParams;

  protected override outcomeCheck(params: Params): OutcomeCheck {
    return {
      done: `the version was created in ${params.queueId}`,
      tool: buildToolName('get_queue_versions', TOOL_PREFIX),
      args: { queueId: params.queueId },
      lookFor: `a version named ${JSON.stringify(params.name)}`,
    };
  }

  /** Dates in order, and a name the queue's versions do not have yet, before anything is sent. */
  protected override async beforeExecute(params: Params, ctx: TrackerCtx) {
    await super.beforeExecute(params, ctx);
    assertDueAfterStart(this.name, params.startDate?.date, params.dueDate?.date);
    let versions: ApiVersion[];
    try {
      versions = await ctx.deps.client.get<ApiVersion[]>(
        `/v3/queues/${encodeURIComponent(params.queueId)}/versions`,
        { signal: ctx.signal },
      );
    } catch (error) {
      throw await withQueueHint(ctx, error);
    }
    const same = (Array.isArray(versions) ? versions : []).find((v) => fold(v.name) === fold(params.name));
    if (same) {
      throw refuse(
        this.name,
        'name',
        `Queue ${params.queueId} already has the version ${same.id} (${same.name}): use its id, or pick another name. Nothing was sent.`,
      );
    }
  }

  async execute(params: Params, ctx: TrackerCtx) {
    try {
      const created = await ctx.deps.client.post<ApiVersion>('/v3/versions', {
        json: {
          queue: params.queueId,
          name: params.name,
          ...(params.description !== undefined ? { description: params.description } : {}),
          ...(params.startDate !== undefined ? { startDate: params.startDate.date } : {}),
          ...(params.dueDate !== undefined ? { dueDate: params.dueDate.date } : {}),
        },
        signal: ctx.signal,
      });
      return toVersion(created);
    } catch (error) {
      throw await withQueueHint(ctx, error);
    }
  }
}
