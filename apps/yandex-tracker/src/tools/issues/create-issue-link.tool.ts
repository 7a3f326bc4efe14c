import {
  ApiError,
  buildToolName,
  defineToolMetadata,
  lazySchema,
  ref,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { LINK_RELATIONSHIPS, toLink, type ApiLink } from '../../api/dto/link-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { withHint } from '../shared/known-values.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { issueIdParam } from '../shared/params.ts';
import { assertIssueExists, refuse } from '../shared/relations.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';

const CreateIssueLinkParams = lazySchema(() =>
  z.object({
    issueId: issueIdParam.describe('Issue key, e.g. DEMO-5.'),
    // The API's relationships (GET /v2/linktypes); another case is converted, announced. The wire
    // still lists them.
    relationship: ref('relationship')
      .meta({ enum: [...LINK_RELATIONSHIPS] })
      .describe('`issueId` <relationship> `targetIssueId`; "depends on": blocked by the target.'),
    targetIssueId: issueIdParam.describe('Issue key to link to.'),
  }),
);

export class CreateIssueLinkTool extends TrackerTool<typeof CreateIssueLinkParams> {
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

  static override readonly PARAMS = CreateIssueLinkParams;

  protected override outcomeCheck(params: ParamsOf<typeof CreateIssueLinkParams>): OutcomeCheck {
    return {
      done: `${params.issueId} was linked to ${params.targetIssueId}`,
      tool: buildToolName('get_issue_links', TOOL_PREFIX),
      args: { issueIds: [params.issueId] },
      lookFor: `a link to ${params.targetIssueId} (${params.relationship})`,
    };
  }

  /**
   * Before linking: not the issue to itself, not a second link between the same two issues (the API
   * answers 409), and a target that exists.
   */
  protected override async beforeExecute(params: ParamsOf<typeof CreateIssueLinkParams>, ctx: TrackerCtx) {
    await super.beforeExecute(params, ctx);
    if (params.targetIssueId === params.issueId)
      throw refuse(
        this.name,
        'targetIssueId',
        'is `issueId` itself: an issue cannot be linked to itself. Nothing was sent.',
      );
    const links = await ctx.deps.client
      .get<ApiLink[]>(`/v3/issues/${encodeURIComponent(params.issueId)}/links`, { signal: ctx.signal })
      .catch(() => undefined); // a missing issue: the POST answers it
    const existing = (Array.isArray(links) ? links : []).find(
      (l) => l.object?.key === params.targetIssueId || l.object?.id === params.targetIssueId,
    );
    if (existing) {
      const link = toLink(existing);
      throw refuse(
        this.name,
        'targetIssueId',
        `is linked to ${params.issueId} already: link ${link.linkId} (${params.issueId} ${link.relationship} ${params.targetIssueId}). To change the relationship, delete that link with tracker_delete_issue_link first. Nothing was sent.`,
      );
    }
    await assertIssueExists(ctx, this.name, 'targetIssueId', params.targetIssueId);
  }

  async execute(params: ParamsOf<typeof CreateIssueLinkParams>, ctx: TrackerCtx) {
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
