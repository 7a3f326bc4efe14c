import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { toListDetail, type ApiList } from '../../api/dto/hierarchy-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { listIdParam, teamIdParam } from '../shared/params.ts';
import { listMissing } from './hierarchy-hints.ts';

export const GetListParams = lazySchema(() => z.object({ list_id: listIdParam(), team_id: teamIdParam() }));

export class GetListTool extends ClickUpTool<typeof GetListParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_list', TOOL_PREFIX),
    description:
      "One list: name, folder, space, task count and its statuses in order (a task's status must be one of them).",
    category: 'workspace',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetListParams;

  async execute({ list_id }: ParamsOf<typeof GetListParams>, ctx: ClickUpCtx) {
    try {
      return toListDetail(await ctx.deps.client.get<ApiList>(`/list/${list_id}`, { signal: ctx.signal }));
    } catch (error) {
      throw listMissing(error);
    }
  }
}
