import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { taskIdParam, teamIdParam } from '../shared/params.ts';
import { dependencyTypeParam, otherTaskParam, taskPair, relationWrite } from './relation-params.ts';

export const AddDependencyParams = lazySchema(() =>
  z.object({
    task_id: taskIdParam(),
    type: dependencyTypeParam,
    other_task_id: otherTaskParam(),
    team_id: teamIdParam(),
  }),
);

export class AddDependencyTool extends ClickUpTool<typeof AddDependencyParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('add_dependency', TOOL_PREFIX),
    description: 'Make a task wait on another (waiting_on) or block another (blocking).',
    category: 'relations',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = AddDependencyParams;

  async execute({ task_id, type, other_task_id }: ParamsOf<typeof AddDependencyParams>, ctx: ClickUpCtx) {
    const { taskId, otherId } = await taskPair(ctx, task_id, other_task_id);
    const { path, query } = await ctx.deps.client.task(taskId, '/dependency', ctx.signal);
    await relationWrite(
      ctx.deps.client.post(path, {
        query,
        json: type === 'waiting_on' ? { depends_on: otherId } : { dependency_of: otherId },
        signal: ctx.signal,
      }),
    );
    return { taskId, [type === 'waiting_on' ? 'waitingOn' : 'blocking']: otherId };
  }
}
