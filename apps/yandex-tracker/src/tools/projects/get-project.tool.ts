import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { toProjectDetail, type ApiProject } from '../../api/dto/project-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { chooseView } from '../shared/list-result.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { assertProjectAccess, projectIdParam, projectPath, withProjectHint } from './project-params.ts';
import { fieldsOf, filled } from '../shared/params.ts';

const GetProjectParams = lazySchema(() =>
  z.object({
    projectId: projectIdParam(),
    expand: z
      .array(z.enum(['queues']))
      .refine(filled, 'Must have at least 1 item.')
      .optional()
      .describe('["queues"] adds its queue keys.'),
    fields: fieldsOf('id, name'),
  }),
);

type Params = ParamsOf<typeof GetProjectParams>;

export class GetProjectTool extends TrackerTool<typeof GetProjectParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_project', TOOL_PREFIX),
    description: 'Read a project.',
    category: 'projects',
    toolset: 'projects',
    tags: ['project', 'read', 'details'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetProjectParams;

  protected override async beforeExecute(params: Params, ctx: TrackerCtx) {
    await super.beforeExecute(params, ctx);
    await assertProjectAccess(ctx, params.projectId, false);
  }

  async execute(params: Params, ctx: TrackerCtx) {
    try {
      const project = await ctx.deps.client.get<ApiProject>(projectPath(params.projectId), {
        ...(params.expand ? { query: { expand: params.expand.join(',') } } : {}),
        signal: ctx.signal,
      });
      return chooseView(params, toProjectDetail)(project);
    } catch (error) {
      throw withProjectHint(error);
    }
  }
}
