import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { toLink, type ApiLink } from '../../api/dto/link-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { runBatch } from '../shared/batch.ts';
import { chooseView } from '../shared/list-result.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { fieldsOf, issueIdsParam } from '../shared/params.ts';
import { assertIssueAccess, TrackerTool } from '../shared/tracker-tool.ts';

const GetIssueLinksParams = lazySchema(() =>
  z.object({
    issueIds: issueIdsParam(50),
    fields: fieldsOf('links.id'),
  }),
);

export class GetIssueLinksTool extends TrackerTool<typeof GetIssueLinksParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_issue_links', TOOL_PREFIX),
    description: 'Links of issues: per issue { issueId, links: [{ linkId, relationship, issue, status }] }.',
    category: 'issues',
    subcategory: 'links',
    toolset: 'links',
    priority: 'normal',
    tags: ['links', 'relations', 'dependencies', 'subtasks', 'blockers', 'epic'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetIssueLinksParams;

  protected override checksQueuesPerItem() {
    return true;
  }

  async execute(params: ParamsOf<typeof GetIssueLinksParams>, ctx: TrackerCtx) {
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
