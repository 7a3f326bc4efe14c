import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { toWorklog, type ApiWorklog } from '../../api/dto/worklog-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { chooseView, firstPageOnly, listLocal } from '../shared/list-result.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { cursorParam, fieldsOf, issueIdParam, perPageParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { worklogPath } from './worklog-common.ts';

const GetWorklogsParams = lazySchema(() =>
  z.object({
    issueId: issueIdParam,
    perPage: perPageParam(100, 50),
    cursor: cursorParam,
    fields: fieldsOf('id, duration'),
  }),
);

export class GetWorklogsTool extends TrackerTool<typeof GetWorklogsParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_worklogs', TOOL_PREFIX),
    description: 'Time logged on an issue.',
    category: 'worklogs',
    toolset: 'worklogs',
    tags: ['worklog', 'time', 'spent', 'tracking', 'read'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetWorklogsParams;

  async execute(params: ParamsOf<typeof GetWorklogsParams>, ctx: TrackerCtx) {
    const worklogs = await ctx.deps.client.get<ApiWorklog[]>(worklogPath(params.issueId), {
      signal: ctx.signal,
    });
    return firstPageOnly(
      ctx,
      params,
      listLocal(this.name, params, Array.isArray(worklogs) ? worklogs : [], chooseView(params, toWorklog)),
    );
  }
}
