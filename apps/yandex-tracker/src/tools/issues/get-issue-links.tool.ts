import { buildToolName, defineToolMetadata, fieldsParam } from '@toolsmith/core';
import { z } from 'zod';
import { toLink, type ApiLink } from '../../api/dto/link-dto.ts';
import { TOOL_PREFIX } from '../deps.ts';
import { runBatch } from '../shared/batch.ts';
import { chooseView, type TrackerCtx } from '../shared/list-result.ts';
import { issueIdsParam } from '../shared/params.ts';
import { assertIssueAccess, TrackerTool } from '../shared/tracker-tool.ts';
import { lazySchema } from '../shared/lazy-schema.ts';

const GetIssueLinksParams = lazySchema(() =>
  z.object({
    issueIds: issueIdsParam(50),
    fields: fieldsParam({ description: 'Dot paths in each item, e.g. issueId, links.id, links.object.key.' }),
  }),
);

export class GetIssueLinksTool extends TrackerTool<ReturnType<typeof GetIssueLinksParams>> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_issue_links', TOOL_PREFIX),
    title: 'Get issue links',
    description:
      'Links of one or more issues (batch): per issue { issueId, links: [{ linkId, relationship, issue, summary, status }] }. `relationship` is this issue\'s relation to the linked `issue`, e.g. "depends on", "is subtask for". Returns { total, successful, failed }.',
    category: 'issues',
    subcategory: 'links',
    toolset: 'links',
    priority: 'normal',
    tags: ['links', 'relations', 'dependencies', 'subtasks', 'blockers', 'epic'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  getParamsSchema() {
    return GetIssueLinksParams();
  }

  protected override checksQueuesPerItem() {
    return true;
  }

  protected override projectionRoot() {
    return 'successful';
  }

  async execute(params: z.output<ReturnType<typeof GetIssueLinksParams>>, ctx: TrackerCtx) {
    const view = chooseView(params, toLink);
    return runBatch(
      ctx,
      params.issueIds,
      async (issueId) => {
        await assertIssueAccess(ctx, issueId, false);
        const links = await ctx.deps.client.get<ApiLink[]>(
          `/v3/issues/${encodeURIComponent(issueId)}/links`,
          {
            signal: ctx.signal,
          },
        );
        return { issueId, links: links.map(view) };
      },
      { field: 'issueIds', idOf: (id) => id },
    );
  }
}
