import { buildToolName, defineToolMetadata, lazySchema, ref, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { toChangelogEntry, type ApiChangelogEntry } from '../../api/dto/changelog-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { chooseView, firstPageOnly, listAfter } from '../shared/list-result.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { cursorParam, fieldsOf, issueIdParam, perPageParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';

const GetIssueChangelogParams = lazySchema(() =>
  z.object({
    issueId: issueIdParam,
    // A field of the issue's queue: a name or another case becomes the id, announced.
    field: ref('field').optional().describe('Only changes of this field id, e.g. status.'),
    type: z
      .string()
      .refine(
        (value) => /^[A-Z][A-Za-z]+$/.test(value),
        'Use an entry type such as "IssueWorkflow" or "IssueUpdated".',
      )
      .optional()
      .describe('Only entries of this type, e.g. IssueWorkflow (status), IssueUpdated, IssueCommentAdded.'),
    perPage: perPageParam(100, 50),
    cursor: cursorParam,
    fields: fieldsOf('updatedBy.display'),
  }),
);

export class GetIssueChangelogTool extends TrackerTool<typeof GetIssueChangelogParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_issue_changelog', TOOL_PREFIX),
    description:
      'History of an issue, oldest first: { id, updatedAt, updatedBy, type, changes: [{ field, from, to }] }.',
    category: 'issues',
    toolset: 'history',
    priority: 'normal',
    tags: ['history', 'changelog', 'audit', 'who changed', 'status history'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetIssueChangelogParams;

  async execute(params: ParamsOf<typeof GetIssueChangelogParams>, ctx: TrackerCtx) {
    return firstPageOnly(
      ctx,
      params,
      await listAfter(
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
      ),
    );
  }
}
