import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { firstPageOnly, listLocal } from '../shared/list-result.ts';
import { cursorParam, perPageParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { toEntityComment, type ApiEntityComment } from './entity-comments.ts';
import { entityIdParam, entityPath, entityTypeParam, withEntityHint } from './entity-params.ts';

const GetEntityCommentsParams = lazySchema(() =>
  z.object({
    entityType: entityTypeParam(),
    entityId: entityIdParam(),
    perPage: perPageParam(100, 50),
    cursor: cursorParam,
  }),
);

type Params = ParamsOf<typeof GetEntityCommentsParams>;

export class GetEntityCommentsTool extends TrackerTool<typeof GetEntityCommentsParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_entity_comments', TOOL_PREFIX),
    description: 'Comments of a project, portfolio or goal, oldest first.',
    category: 'entities',
    toolset: 'entities',
    tags: ['entity', 'project', 'goal', 'comment', 'discussion', 'read'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetEntityCommentsParams;

  async execute(params: Params, ctx: TrackerCtx) {
    let all: ApiEntityComment[];
    try {
      all = await ctx.deps.client.get<ApiEntityComment[]>(
        `${entityPath(params.entityType, params.entityId)}/comments`,
        { signal: ctx.signal },
      );
    } catch (error) {
      throw withEntityHint(error);
    }
    return firstPageOnly(
      ctx,
      params,
      listLocal(this.name, params, Array.isArray(all) ? all : [], toEntityComment),
    );
  }
}
