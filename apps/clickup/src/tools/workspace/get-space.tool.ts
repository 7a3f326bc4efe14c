import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { toSpaceDetail, type ApiSpace } from '../../api/dto/hierarchy-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { spaceIdParam, teamIdParam } from '../shared/params.ts';
import { spaceMissing } from './hierarchy-hints.ts';

export const GetSpaceParams = lazySchema(() =>
  z.object({ space_id: spaceIdParam(), team_id: teamIdParam() }),
);

export class GetSpaceTool extends ClickUpTool<typeof GetSpaceParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_space', TOOL_PREFIX),
    description:
      'One space: name, the statuses its new lists start with, and the ClickApps (features) switched on.',
    category: 'workspace',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetSpaceParams;

  async execute({ space_id }: ParamsOf<typeof GetSpaceParams>, ctx: ClickUpCtx) {
    try {
      return toSpaceDetail(await ctx.deps.client.get<ApiSpace>(`/space/${space_id}`, { signal: ctx.signal }));
    } catch (error) {
      throw spaceMissing(error);
    }
  }
}
