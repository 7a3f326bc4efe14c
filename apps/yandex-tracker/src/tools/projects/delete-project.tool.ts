import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { confirmParam } from '../shared/confirmation.ts';
import { assertProjectAccess, projectIdParam, projectPath, withProjectHint } from './project-params.ts';

const DeleteProjectParams = lazySchema(() =>
  z.object({
    projectId: projectIdParam(),
    confirm: confirmParam(),
  }),
);

type Params = ParamsOf<typeof DeleteProjectParams>;

export class DeleteProjectTool extends TrackerTool<typeof DeleteProjectParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('delete_project', TOOL_PREFIX),
    description: 'Delete a project; its queues and issues stay.',
    category: 'projects',
    toolset: 'projects',
    tags: ['project', 'delete', 'remove'],
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = DeleteProjectParams;

  protected override async beforeExecute(params: Params, ctx: TrackerCtx) {
    await super.beforeExecute(params, ctx);
    await assertProjectAccess(ctx, params.projectId, true);
  }

  async execute(params: Params, ctx: TrackerCtx) {
    await this.confirmIrreversible(
      ctx,
      params,
      `Delete project ${params.projectId}? Its queues and issues stay; the project cannot be restored.`,
    );
    try {
      await ctx.deps.client.delete(projectPath(params.projectId), { signal: ctx.signal });
    } catch (error) {
      throw withProjectHint(error);
    }
    ctx.deps.references.invalidate('project');
    return { projectId: params.projectId, deleted: true };
  }
}
