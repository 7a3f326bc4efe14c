import { ApiError, buildToolName, defineToolMetadata } from '@toolsmith/core';
import { z } from 'zod';
import { LINK_RELATIONSHIPS, toLink, type ApiLink } from '../../api/dto/link-dto.ts';
import { TOOL_PREFIX } from '../deps.ts';
import { withHint } from '../shared/known-values.ts';
import type { TrackerCtx } from '../shared/list-result.ts';
import { issueIdParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { lazySchema } from '../shared/lazy-schema.ts';

const CreateIssueLinkParams = lazySchema(() =>
  z.object({
    issueId: issueIdParam.describe('Issue key, e.g. DEMO-5.'),
    relationship: z
      .enum(LINK_RELATIONSHIPS)
      .describe('`issueId` <relationship> `targetIssueId`; "depends on": blocked by the target.'),
    targetIssueId: issueIdParam.describe('Issue key to link to.'),
  }),
);

export class CreateIssueLinkTool extends TrackerTool<ReturnType<typeof CreateIssueLinkParams>> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_issue_link', TOOL_PREFIX),
    description: 'Link two issues, e.g. DEMO-5 "depends on" DEMO-1. Returns the link with its `linkId`.',
    category: 'issues',
    subcategory: 'links',
    toolset: 'links',
    priority: 'normal',
    tags: ['link', 'relate', 'depends', 'blocker', 'subtask', 'duplicate', 'epic', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
  });

  getParamsSchema() {
    return CreateIssueLinkParams();
  }

  async execute(params: z.output<ReturnType<typeof CreateIssueLinkParams>>, ctx: TrackerCtx) {
    try {
      const link = await ctx.deps.client.post<ApiLink>(
        `/v3/issues/${encodeURIComponent(params.issueId)}/links`,
        { json: { relationship: params.relationship, issue: params.targetIssueId }, signal: ctx.signal },
      );
      return toLink(link);
    } catch (error) {
      if (ApiError.isInstance(error) && error.status === 409) {
        throw withHint(
          error,
          `${params.issueId} and ${params.targetIssueId} are probably linked already: see their links with tracker_get_issue_links (delete the old link first to change its relationship).`,
        );
      }
      if (ApiError.isInstance(error) && error.status === 422 && params.relationship.includes('epic')) {
        throw withHint(
          error,
          '"is epic of" needs issueId to be an Epic; "has epic" needs targetIssueId to be an Epic (check the type with tracker_get_issues).',
        );
      }
      throw error;
    }
  }
}
