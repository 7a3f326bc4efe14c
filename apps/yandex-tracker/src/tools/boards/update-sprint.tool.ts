import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  ValidationError,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toSprintDetail, type ApiSprint } from '../../api/dto/board-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { assertDateOrder } from '../projects/create-project.tool.ts';
import { dateParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { sprintIdParam } from './board-params.ts';
import {
  assertSprintAccess,
  entityName,
  ifMatch,
  sprintPath,
  sprintVersionParam,
  withLockHint,
} from './board-writes.ts';

const UpdateSprintParams = lazySchema(() =>
  z.object({
    sprintId: sprintIdParam(),
    version: sprintVersionParam(),
    name: entityName('New name.').optional(),
    startDate: dateParam().optional(),
    endDate: dateParam('Last day.').optional(),
  }),
);

type Params = ParamsOf<typeof UpdateSprintParams>;

export class UpdateSprintTool extends TrackerTool<typeof UpdateSprintParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('update_sprint', TOOL_PREFIX),
    description: 'Rename a sprint or change its dates.',
    category: 'boards',
    toolset: 'sprints',
    tags: ['sprint', 'update', 'rename', 'dates', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = UpdateSprintParams;

  protected override async beforeExecute(params: Params, ctx: TrackerCtx) {
    await super.beforeExecute(params, ctx);
    await assertSprintAccess(ctx, params.sprintId);
    assertDateOrder(this.name, params.startDate?.date, params.endDate?.date);
  }

  async execute(params: Params, ctx: TrackerCtx) {
    const body = {
      ...(params.name !== undefined ? { name: params.name } : {}),
      ...(params.startDate !== undefined ? { startDate: params.startDate.date } : {}),
      ...(params.endDate !== undefined ? { endDate: params.endDate.date } : {}),
    };
    if (Object.keys(body).length === 0) {
      throw new ValidationError({
        toolName: this.name,
        issues: [{ field: '', message: 'says nothing to change. Pass `name`, `startDate` or `endDate`.' }],
      });
    }
    try {
      const sprint = await ctx.deps.client.patch<ApiSprint>(sprintPath(params.sprintId), {
        json: body,
        headers: ifMatch(params.version),
        signal: ctx.signal,
      });
      if (params.name !== undefined) ctx.deps.references.invalidate('sprint');
      return toSprintDetail(sprint);
    } catch (error) {
      throw withLockHint(error, 'sprint', params.version);
    }
  }
}
