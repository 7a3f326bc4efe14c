import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { toTagView, type ApiTag } from '../../api/dto/tag-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { spaceIdParam, teamIdParam } from '../shared/params.ts';
import { hintOnNotFound } from '../shared/with-hint.ts';

export const GetSpaceTagsParams = lazySchema(() =>
  z.object({ space_id: spaceIdParam(), team_id: teamIdParam() }),
);

export class GetSpaceTagsTool extends ClickUpTool<typeof GetSpaceTagsParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_space_tags', TOOL_PREFIX),
    description: 'The tags of a Space (the only ones its tasks can carry): { items: [{name, fg, bg}] }.',
    category: 'tags',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetSpaceTagsParams;

  async execute({ space_id }: ParamsOf<typeof GetSpaceTagsParams>, ctx: ClickUpCtx) {
    const { tags } = await hintOnNotFound(
      ctx.deps.client.get<{ tags: ApiTag[] }>(`/space/${encodeURIComponent(space_id)}/tag`, {
        signal: ctx.signal,
      }),
      "Check the Space id: a task's Space is in clickup_get_task's answer.",
    );
    return { items: tags.map(toTagView) };
  }
}
