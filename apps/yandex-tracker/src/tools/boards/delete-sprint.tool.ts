import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { confirmParam } from '../shared/confirmation.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { sprintIdParam } from './board-params.ts';
import { assertSprintAccess, sprintPath, withLockHint } from './board-writes.ts';

const DeleteSprintParams = lazySchema(() => z.object({ sprintId: sprintIdParam(), confirm: confirmParam() }));

type Params = ParamsOf<typeof DeleteSprintParams>;

export class DeleteSprintTool extends TrackerTool<typeof DeleteSprintParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('delete_sprint', TOOL_PREFIX),
    description: 'Delete a sprint; its issues leave it.',
    category: 'boards',
    toolset: 'sprints',
    tags: ['sprint', 'delete', 'remove'],
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = DeleteSprintParams;

  protected override async beforeExecute(params: Params, ctx: TrackerCtx) {
    await super.beforeExecute(params, ctx);
    await assertSprintAccess(ctx, params.sprintId);
  }

  async execute(params: Params, ctx: TrackerCtx) {
    await this.confirmIrreversible(
      ctx,
      params,
      `Delete sprint ${params.sprintId}? Its issues leave it; the sprint cannot be restored.`,
    );
    try {
      await ctx.deps.client.delete(sprintPath(params.sprintId), { signal: ctx.signal });
    } catch (error) {
      throw withLockHint(error, 'sprint', 0);
    }
    ctx.deps.references.invalidate('sprint');
    return { sprintId: String(params.sprintId), deleted: true };
  }
}
