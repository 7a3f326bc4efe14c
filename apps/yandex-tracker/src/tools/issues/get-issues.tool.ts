import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { toIssueDetail } from '../../api/dto/issue-dto.ts';
import type { ApiIssue } from '../../api/dto/tracker-types.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { runBatch } from '../shared/batch.ts';
import { chooseView } from '../shared/list-result.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { fieldsOf, issueIdsParam } from '../shared/params.ts';
import { assertIssueAccess, TrackerTool } from '../shared/tracker-tool.ts';

const GetIssuesParams = lazySchema(() =>
  z.object({
    issueIds: issueIdsParam(50),
    fields: fieldsOf('status.key'),
  }),
);

export class GetIssuesTool extends TrackerTool<typeof GetIssuesParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_issues', TOOL_PREFIX),
    description: 'Read issues by key. Returns { total, successful, failed }.',
    category: 'issues',
    toolset: 'issues',
    priority: 'critical',
    tags: ['issue', 'read', 'batch', 'details'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetIssuesParams;

  protected override checksQueuesPerItem() {
    return true;
  }

  async execute(params: ParamsOf<typeof GetIssuesParams>, ctx: TrackerCtx) {
    const view = chooseView(params, toIssueDetail);
    return runBatch(
      ctx,
      params.issueIds,
      async (issueId) => {
        await assertIssueAccess(ctx, issueId, false);
        return view(
          await ctx.deps.client.get<ApiIssue>(`/v3/issues/${encodeURIComponent(issueId)}`, {
            signal: ctx.signal,
          }),
        );
      },
      { field: 'issueIds', idOf: (id) => id },
    );
  }
}
