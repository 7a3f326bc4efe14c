import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { toChecklistItem, type ApiChecklistItem } from '../../api/dto/checklist-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { chooseView, firstPageOnly, listLocal } from '../shared/list-result.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { cursorParam, fieldsOf, issueIdParam, perPageParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { checklistPath } from './checklist-common.ts';

const GetChecklistParams = lazySchema(() =>
  z.object({
    issueId: issueIdParam,
    perPage: perPageParam(200, 100),
    cursor: cursorParam,
    fields: fieldsOf('id, text'),
  }),
);

export class GetChecklistTool extends TrackerTool<typeof GetChecklistParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_checklist', TOOL_PREFIX),
    description: "An issue's checklist items: id, text, checked, assignee, deadline, overdue.",
    category: 'checklists',
    toolset: 'checklists',
    tags: ['checklist', 'todo', 'items', 'read'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetChecklistParams;

  async execute(params: ParamsOf<typeof GetChecklistParams>, ctx: TrackerCtx) {
    const items = await ctx.deps.client.get<ApiChecklistItem[] | undefined>(checklistPath(params.issueId), {
      signal: ctx.signal,
    });
    return firstPageOnly(
      ctx,
      params,
      listLocal(this.name, params, Array.isArray(items) ? items : [], chooseView(params, toChecklistItem)),
    );
  }
}
