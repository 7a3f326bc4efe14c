import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { taskIdParam, teamIdParam } from '../shared/params.ts';
import { dependencyTypeParam, otherTaskParam, taskPair, relationWrite } from './relation-params.ts';

export const RemoveDependencyParams = lazySchema(() =>
  z.object({
    task_id: taskIdParam(),
    type: dependencyTypeParam,
    other_task_id: otherTaskParam(),
    team_id: teamIdParam(),
  }),
);

export class RemoveDependencyTool extends ClickUpTool<typeof RemoveDependencyParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('remove_dependency', TOOL_PREFIX),
    description: 'Remove a dependency: the same task_id, type and other_task_id it was added with.',
    category: 'relations',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = RemoveDependencyParams;

  async execute({ task_id, type, other_task_id }: ParamsOf<typeof RemoveDependencyParams>, ctx: ClickUpCtx) {
    const { taskId, otherId } = await taskPair(ctx, task_id, other_task_id);
    const { path, query } = await ctx.deps.client.task(taskId, '/dependency', ctx.signal);
    // ClickUp takes the pair as query parameters on DELETE (not a body).
    await relationWrite(
      ctx.deps.client.delete(path, {
        query: {
          ...query,
          ...(type === 'waiting_on' ? { depends_on: otherId } : { dependency_of: otherId }),
        },
        signal: ctx.signal,
      }),
    );
    return { taskId, removed: { type, otherTaskId: otherId } };
  }
}
