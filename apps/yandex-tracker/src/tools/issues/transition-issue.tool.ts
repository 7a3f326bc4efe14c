import {
  ApiError,
  buildToolName,
  custom,
  defineToolMetadata,
  labelOf,
  lazySchema,
  ref,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { refKey } from '../../api/dto/refs.ts';
import type { ApiIssue } from '../../api/dto/tracker-types.ts';
import { CONFLICT_HINT } from '../../api/tracker-client.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { withHint } from '../shared/known-values.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { filled, issueIdParam, resolutionParam, transitionCommentParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import type { ApiTransition } from './get-issue-transitions.tool.ts';

const TransitionIssueParams = lazySchema(() =>
  z.object({
    issueId: issueIdParam,
    // Checked against the transitions the issue has in its current status (read for each call).
    transitionId: ref('transition').describe('Transition id, e.g. close.'),
    comment: transitionCommentParam,
    resolution: resolutionParam,
    customFields: custom(
      z.record(z.string().refine(filled, 'Must be at least 1 character long.'), z.unknown()).optional(),
      'customFields',
    ).describe('Fields the transition asks for, by id.'),
  }),
);

export class TransitionIssueTool extends TrackerTool<typeof TransitionIssueParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('transition_issue', TOOL_PREFIX),
    title: 'Transition issue (change status)',
    description:
      'Run a transition from tracker_get_issue_transitions. Returns the new status and the next transitions.',
    category: 'issues',
    toolset: 'issues_write',
    priority: 'high',
    tags: ['status', 'workflow', 'transition', 'close', 'resolve', 'start', 'reopen', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = TransitionIssueParams;

  protected override outcomeCheck(params: ParamsOf<typeof TransitionIssueParams>): OutcomeCheck {
    return {
      done: `the transition "${params.transitionId}" ran on ${params.issueId}`,
      tool: buildToolName('get_issue_changelog', TOOL_PREFIX),
      args: { issueId: params.issueId, field: 'status' },
      lookFor: 'a status change made just now by you (the newest entries are last)',
      then: `run the transition again only if there is none (${buildToolName('get_issue_transitions', TOOL_PREFIX)} lists the transitions it has now)`,
    };
  }

  async execute(params: ParamsOf<typeof TransitionIssueParams>, ctx: TrackerCtx) {
    const { resolution } = params;
    const issuePath = `/v3/issues/${encodeURIComponent(params.issueId)}`;
    let available: ApiTransition[];
    try {
      // Not idempotent (a second run may fail or move the issue further): never retried blindly.
      available = await ctx.deps.client.post<ApiTransition[]>(
        `${issuePath}/transitions/${encodeURIComponent(params.transitionId)}/_execute`,
        {
          json: {
            ...params.customFields,
            ...(params.comment !== undefined ? { comment: params.comment } : {}),
            ...(resolution !== undefined ? { resolution } : {}),
          },
          signal: ctx.signal,
        },
      );
    } catch (error) {
      throw await this.explain(error, params, ctx);
    }
    const next = Array.isArray(available) ? available.map((t) => t.id) : [];
    // The execute answer lists only the next transitions: read the issue for its new status. The
    // transition happened whatever this read answers: a failed read must not read as a failed call.
    let issue: ApiIssue;
    try {
      issue = await ctx.deps.client.get<ApiIssue>(issuePath, { signal: ctx.signal });
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      return {
        key: params.issueId,
        transitioned: params.transitionId,
        availableTransitions: next,
        note: `The transition was made; reading the issue afterwards failed (${error instanceof Error ? error.message.split('\n')[0]!.slice(0, 200) : String(error)}). Do not run the transition again: read the issue with tracker_get_issues for its status.`,
      };
    }
    return {
      key: issue.key,
      status: refKey(issue.status),
      ...(issue.resolution ? { resolution: refKey(issue.resolution) } : {}),
      version: issue.version,
      availableTransitions: next,
    };
  }

  /**
   * Names the valid transitions when the API refused the one given anyway (the issue changed between
   * the check and the write, or the transitions could not be read first).
   */
  private async explain(
    error: unknown,
    params: ParamsOf<typeof TransitionIssueParams>,
    ctx: TrackerCtx,
  ): Promise<unknown> {
    if (!ApiError.isInstance(error) || ![400, 404, 409, 422].includes(error.status)) return error;
    const known = await ctx.deps.references.entities('transition', params.issueId, ctx);
    if (known === undefined || known.byExact.has(params.transitionId)) return error;
    // Not a stale version: the transition does not exist or is not available in this status.
    error.message = error.message.replace(` ${CONFLICT_HINT}`, '');
    const records = known.list.records;
    return withHint(
      error,
      records.length > 0
        ? `Transition "${params.transitionId}" is not available for ${params.issueId} in its current status. Valid transitions: ${records.map(labelOf).join(', ')}.`
        : `${params.issueId} has no transitions available in its current status.`,
    );
  }
}
