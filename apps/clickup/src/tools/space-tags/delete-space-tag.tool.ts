import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { spaceIdParam, teamIdParam } from '../shared/params.ts';
import { spaceTagParam, spaceTagPath } from './space-tag-params.ts';

export const DeleteSpaceTagParams = lazySchema(() =>
  z.object({ space_id: spaceIdParam(), tag: spaceTagParam(), team_id: teamIdParam() }),
);

export class DeleteSpaceTagTool extends ClickUpTool<typeof DeleteSpaceTagParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('delete_space_tag', TOOL_PREFIX),
    description: 'Delete a tag from a Space: every task of the Space loses it too.',
    category: 'tags',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = DeleteSpaceTagParams;

  async execute({ space_id, tag }: ParamsOf<typeof DeleteSpaceTagParams>, ctx: ClickUpCtx) {
    await ctx.deps.client.delete(spaceTagPath(space_id, tag), { signal: ctx.signal });
    ctx.deps.references.changed('tag');
    ctx.deps.references.tasks.forget();
    return { spaceId: space_id, deleted: tag };
  }
}
