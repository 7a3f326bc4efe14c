import {
  ApiError,
  buildToolName,
  defineToolMetadata,
  lazySchema,
  ValidationError,
  type FieldIssue,
  type ParamsOf,
  type ParamsValidation,
} from '@toolsmith/core';
import { z } from 'zod';
import { toIssueDetail } from '../../api/dto/issue-dto.ts';
import type { ApiIssue } from '../../api/dto/tracker-types.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { withHint } from '../shared/known-values.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { atMost, filled, issueIdParam } from '../shared/params.ts';
import { assertIssueExists, refuse } from '../shared/relations.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { issueFieldsBody, issueFieldsShape, issueListEdits } from './issue-fields.ts';

const UpdateIssueParams = lazySchema(() =>
  z.object({
    issueId: issueIdParam,
    summary: z
      .string()
      .trim()
      .refine(filled, 'Must be at least 1 character long.')
      .refine(atMost(1000), 'Must be at most 1000 characters long.')
      .optional()
      .describe('Title.'),
    ...issueFieldsShape('update'),
    ...issueListEdits(),
    parentId: issueIdParam.optional().describe('Parent issue key.'),
    version: z.number().int().positive().optional().describe('`version` from your read (recommended).'),
  }),
);

/** Fields the API keeps read-only on update, and where they are changed instead (research §1.7 item 1). */
const ELSEWHERE: Record<string, string> = {
  status:
    'cannot be changed by an update: the status changes only through workflow transitions. Call tracker_get_issue_transitions to see the transitions available now, then tracker_transition_issue with one of their transitionIds.',
  resolution:
    'cannot be changed by an update: it is set by a transition. Pass `resolution` to tracker_transition_issue (tracker_get_issue_transitions lists the transitions).',
  queue: 'cannot be changed by an update: move the issue with tracker_move_issue (`targetQueueId`).',
  queueId: 'cannot be changed by an update: move the issue with tracker_move_issue (`targetQueueId`).',
};

export class UpdateIssueTool extends TrackerTool<typeof UpdateIssueParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('update_issue', TOOL_PREFIX),
    description: 'Change fields of an issue; only the given ones change.',
    category: 'issues',
    toolset: 'issues_write',
    priority: 'high',
    tags: ['issue', 'update', 'edit', 'patch', 'write', 'assign'],
    annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = UpdateIssueParams;

  /** A `status` (or `resolution`, `queue`) field gets an explanation of where it is changed, not "unknown field". */
  override validateParams(args: unknown): ParamsValidation<ParamsOf<typeof UpdateIssueParams>> {
    const result = super.validateParams(args);
    if (args === null || typeof args !== 'object' || Array.isArray(args)) return result;
    const redirected = Object.keys(args).filter((key) => Object.hasOwn(ELSEWHERE, key));
    if (redirected.length === 0) return result;
    const issues: FieldIssue[] = [
      ...redirected.map((field) => ({ field, message: ELSEWHERE[field]! })),
      ...(result.success ? [] : result.error.issues.filter((i) => !redirected.includes(i.field))),
    ];
    return { success: false, error: new ValidationError({ toolName: this.name, issues }) };
  }

  /** A parent that does not exist, or the issue itself, is refused before the update. */
  protected override async beforeExecute(params: ParamsOf<typeof UpdateIssueParams>, ctx: TrackerCtx) {
    await super.beforeExecute(params, ctx);
    if (params.parentId === undefined) return;
    if (params.parentId === params.issueId)
      throw refuse(
        this.name,
        'parentId',
        `is the issue itself: an issue cannot be its own parent. Nothing was sent.`,
      );
    await assertIssueExists(ctx, this.name, 'parentId', params.parentId);
  }

  async execute(params: ParamsOf<typeof UpdateIssueParams>, ctx: TrackerCtx) {
    const readOnly = Object.keys(params.customFields ?? {}).filter((key) => Object.hasOwn(ELSEWHERE, key));
    if (readOnly.length > 0) {
      throw new ValidationError({
        toolName: this.name,
        issues: readOnly.map((key) => ({ field: `customFields.${key}`, message: ELSEWHERE[key]! })),
      });
    }
    const body = {
      ...issueFieldsBody(params),
      ...(params.summary !== undefined ? { summary: params.summary } : {}),
      ...(params.parentId !== undefined ? { parent: params.parentId } : {}),
    };
    if (Object.keys(body).every((key) => key === 'markupType')) {
      throw new ValidationError({
        toolName: this.name,
        issues: [
          {
            field: '',
            message:
              'says nothing to change. Pass at least one field to set, e.g. `summary`, `assignee`, `priority` or `tags: {"add": ["backend"]}`.',
          },
        ],
      });
    }
    try {
      const issue = await ctx.deps.client.patch<ApiIssue>(
        `/v3/issues/${encodeURIComponent(params.issueId)}`,
        {
          json: body,
          ...(params.version !== undefined ? { query: { version: params.version } } : {}),
          idempotent: true,
          signal: ctx.signal,
        },
      );
      return toIssueDetail(issue);
    } catch (error) {
      if (ApiError.isInstance(error) && error.status === 409) {
        throw withHint(
          error,
          'Read the issue again with tracker_get_issues to get its current version, then apply the change to it.',
        );
      }
      throw error;
    }
  }
}
