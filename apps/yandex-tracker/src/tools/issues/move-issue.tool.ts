import {
  ApiError,
  buildToolName,
  defineToolMetadata,
  lazySchema,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import type { ApiIssue } from '../../api/dto/tracker-types.ts';
import { refKey } from '../../api/dto/refs.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { withHint } from '../shared/known-values.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { issueIdParam, ISSUE_KEY_PATTERN, queueIdParam } from '../shared/params.ts';
import { refuse } from '../shared/relations.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { confirmParam } from '../shared/confirmation.ts';
import { moveQuestion } from '../shared/move-question.ts';

const MoveIssueParams = lazySchema(() =>
  z.object({
    issueId: issueIdParam,
    targetQueueId: queueIdParam.describe('Target queue key.'),
    moveAllFields: z.boolean().optional().describe('Keep components, versions, projects (default: cleared).'),
    initialStatus: z
      .boolean()
      .optional()
      .describe("Reset to the target queue's first status; needed if the type or status is missing there."),
    notify: z.boolean().optional().describe('Notify participants (default true).'),
    confirm: confirmParam(),
  }),
);

export class MoveIssueTool extends TrackerTool<typeof MoveIssueParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('move_issue', TOOL_PREFIX),
    title: 'Move issue to another queue',
    description: 'Move an issue to another queue; it gets a new key (returned with `previousKey`).',
    category: 'issues',
    toolset: 'history',
    priority: 'normal',
    tags: ['issue', 'move', 'queue', 'relocate', 'write'],
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = MoveIssueParams;

  /** Its old key still finds a moved issue. */
  protected override outcomeCheck(params: ParamsOf<typeof MoveIssueParams>): OutcomeCheck {
    return {
      done: `${params.issueId} was moved to ${params.targetQueueId}`,
      tool: buildToolName('get_issues', TOOL_PREFIX),
      args: { issueIds: [params.issueId] },
      lookFor: `a key in ${params.targetQueueId} (the issue was moved) or still in its old queue (it was not)`,
      then: `call ${this.name} again only if it is still in its old queue`,
    };
  }

  /** Moving an issue into the queue it is in is refused before anything is sent (the API's 422). */
  protected override async beforeExecute(params: ParamsOf<typeof MoveIssueParams>, ctx: TrackerCtx) {
    await super.beforeExecute(params, ctx);
    if (ISSUE_KEY_PATTERN.test(params.issueId) && params.issueId.startsWith(`${params.targetQueueId}-`))
      throw refuse(
        this.name,
        'targetQueueId',
        `is the queue ${params.issueId} is in already. Name another queue (tracker_get_queues lists them). Nothing was sent.`,
      );
  }

  async execute(params: ParamsOf<typeof MoveIssueParams>, ctx: TrackerCtx) {
    const path = `/v3/issues/${encodeURIComponent(params.issueId)}`;
    const previousKey = ISSUE_KEY_PATTERN.test(params.issueId)
      ? params.issueId
      : (await ctx.deps.client.get<ApiIssue>(path, { query: { fields: 'key' }, signal: ctx.signal })).key;
    await this.confirmIrreversible(ctx, params, moveQuestion(previousKey ?? params.issueId, params));
    let issue: ApiIssue;
    try {
      issue = await ctx.deps.client.post<ApiIssue>(`${path}/_move`, {
        query: {
          queue: params.targetQueueId,
          moveAllFields: params.moveAllFields,
          initialStatus: params.initialStatus,
          notify: params.notify,
        },
        signal: ctx.signal,
      });
    } catch (error) {
      if (ApiError.isInstance(error) && error.status === 422) {
        throw withHint(
          error,
          params.initialStatus
            ? 'Check that the target queue accepts this issue (tracker_get_queue shows its types).'
            : "If the issue's type or status does not exist in the target queue, call again with initialStatus: true (the issue starts in the queue's initial status).",
        );
      }
      throw error;
    }
    return {
      key: issue.key,
      previousKey,
      queue: refKey(issue.queue),
      status: refKey(issue.status),
      type: refKey(issue.type),
      version: issue.version,
    };
  }
}
