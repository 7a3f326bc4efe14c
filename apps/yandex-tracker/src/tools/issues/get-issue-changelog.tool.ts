import { buildToolName, defineToolMetadata, fieldsParam } from '@toolsmith/core';
import { z } from 'zod';
import { toChangelogEntry, type ApiChangelogEntry } from '../../api/dto/changelog-dto.ts';
import { TOOL_PREFIX } from '../deps.ts';
import { chooseView, listAfter, type TrackerCtx } from '../shared/list-result.ts';
import { cursorParam, issueIdParam, perPageParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { lazySchema } from '../shared/lazy-schema.ts';

const GetIssueChangelogParams = lazySchema(() =>
  z.object({
    issueId: issueIdParam,
    field: z
      .string()
      .min(1)
      .optional()
      .describe('Only changes of this field id, e.g. "status", "assignee", "priority".'),
    type: z
      .string()
      .regex(/^[A-Z][A-Za-z]+$/, 'Use an entry type such as "IssueWorkflow" or "IssueUpdated".')
      .optional()
      .describe(
        'Only entries of this type, e.g. "IssueWorkflow" (status changes), "IssueUpdated", "IssueCreated", "IssueMoved", "IssueCommentAdded", "IssueLinked", "IssueAttachmentAdded", "IssueWorklogAdded".',
      ),
    perPage: perPageParam(100, 50),
    cursor: cursorParam,
    fields: fieldsParam({ description: 'Dot paths to return, e.g. id, updatedAt, updatedBy.display.' }),
  }),
);

export class GetIssueChangelogTool extends TrackerTool<ReturnType<typeof GetIssueChangelogParams>> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_issue_changelog', TOOL_PREFIX),
    title: 'Get issue changelog',
    description:
      'History of one issue, oldest first: who changed what and when (status changes, field edits, comments, links, moves). Filter by `field` or `type`; page with `nextCursor`. Entries: { id, updatedAt, updatedBy, type, changes: [{ field, from, to }] }.',
    category: 'issues',
    toolset: 'history',
    priority: 'normal',
    tags: ['history', 'changelog', 'audit', 'who changed', 'status history'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  getParamsSchema() {
    return GetIssueChangelogParams();
  }

  protected override projectionRoot() {
    return 'items';
  }

  async execute(params: z.output<ReturnType<typeof GetIssueChangelogParams>>, ctx: TrackerCtx) {
    return listAfter(
      this.name,
      params,
      (after, perPage) =>
        ctx.deps.client.cursor<ApiChangelogEntry>(
          `/v3/issues/${encodeURIComponent(params.issueId)}/changelog`,
          { after, perPage },
          { query: { field: params.field, type: params.type }, signal: ctx.signal },
        ),
      (entry) => entry.id,
      chooseView(params, toChangelogEntry),
    );
  }
}
