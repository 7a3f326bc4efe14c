import {
  ApiError,
  buildToolName,
  defineToolMetadata,
  labelOf,
  lazySchema,
  ref,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { withHint } from '../shared/known-values.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { refuse } from '../shared/relations.ts';
import { runBulkChange } from './bulk-operation.ts';
import { bulkIssueIdsParam, bulkValuesBody, bulkValuesRef, notifyParam } from './bulk-params.ts';
import { BulkWriteTool } from './bulk-tool.ts';
import { resolutionParam, transitionCommentParam } from '../shared/params.ts';

/** The transitions of the first issue: where the transition id is resolved (a display name → the id). */
const firstIssue = (params: Record<string, unknown>) =>
  Array.isArray(params['issueIds']) && typeof params['issueIds'][0] === 'string'
    ? params['issueIds'][0]
    : undefined;

const BulkTransitionIssuesParams = lazySchema(() =>
  z.object({
    issueIds: bulkIssueIdsParam,
    // Checked against the first issue's transitions here, and every issue's before the change starts.
    transitionId: ref('transition', { scope: firstIssue }).describe('Transition id, e.g. close.'),
    resolution: resolutionParam,
    comment: transitionCommentParam,
    values: bulkValuesRef.optional().describe('Fields to set, as in tracker_bulk_update_issues.'),
    notify: notifyParam,
  }),
);

export class BulkTransitionIssuesTool extends BulkWriteTool<typeof BulkTransitionIssuesParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('bulk_transition_issues', TOOL_PREFIX),
    description:
      'Run one transition on many issues and wait, with progress; issues that cannot take it stay unchanged.',
    category: 'bulk',
    toolset: 'bulk',
    tags: ['bulk', 'mass', 'transition', 'status', 'close', 'workflow', 'write', 'progress'],
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = BulkTransitionIssuesParams;

  /** The operation's id was lost with the answer: the issues themselves show whether it ran. */
  protected override outcomeCheck(params: ParamsOf<typeof BulkTransitionIssuesParams>): OutcomeCheck {
    return {
      done: `the bulk transition "${params.transitionId}" was started`,
      tool: buildToolName('get_issues', TOOL_PREFIX),
      args: { issueIds: [...new Set(params.issueIds)], fields: ['key', 'status', 'updatedAt'] },
      lookFor: 'statuses changed just now (the change may still be running: look again after a minute)',
      then: 'start it again only for the issues still in their old status',
    };
  }

  /**
   * Every issue must be able to take the transition in its current status: the API would change the
   * others and leave these (ending FAILED). Each issue's transitions are read (they change with every
   * transition); the ones that cannot take it are refused with the transitions they have.
   */
  protected override async beforeExecute(
    params: ParamsOf<typeof BulkTransitionIssuesParams>,
    ctx: TrackerCtx,
  ) {
    await super.beforeExecute(params, ctx);
    const issues = [...new Set(params.issueIds)];
    const unable: string[] = [];
    await Promise.all(
      issues.map(async (issueId) => {
        const transitions = await ctx.deps.references.entities('transition', issueId, ctx);
        if (transitions && !transitions.byExact.has(params.transitionId)) {
          const records = transitions.list.records;
          unable.push(
            `${issueId} (${records.length > 0 ? `its transitions: ${records.map(labelOf).join(', ')}` : 'no transitions now'})`,
          );
        }
      }),
    );
    if (unable.length > 0)
      throw refuse(
        this.name,
        'issueIds',
        `cannot all take transition "${params.transitionId}" in their current status: ${unable.sort().join('; ')}. Leave ${unable.length === 1 ? 'it' : 'them'} out, or transition ${unable.length === 1 ? 'it' : 'them'} separately. Nothing was changed.`,
      );
  }

  async execute(params: ParamsOf<typeof BulkTransitionIssuesParams>, ctx: TrackerCtx) {
    const issues = [...new Set(params.issueIds)];
    const { resolution } = params;
    const values = {
      ...bulkValuesBody(params.values),
      ...(resolution ? { resolution } : {}),
      ...(params.comment ? { comment: params.comment } : {}),
    };
    return runBulkChange(ctx, {
      action: '_transition',
      body: {
        transition: params.transitionId,
        issues,
        ...(Object.keys(values).length > 0 ? { values } : {}),
      },
      notify: params.notify,
      issues: issues.length,
      explainStartError: async (error) => {
        if (!ApiError.isInstance(error) || !/переход|transition/i.test(error.message)) return;
        const available = await ctx.deps.references.entities('transition', issues[0]!, ctx);
        const records = available?.list.records ?? [];
        withHint(
          error,
          records.length > 0
            ? `Transitions available to ${issues[0]} now: ${records.map(labelOf).join(', ')}. Other issues may differ: tracker_get_issue_transitions lists them per issue.`
            : 'List the transitions of an issue with tracker_get_issue_transitions.',
        );
      },
      failedHint: `Issues whose current status does not allow "${params.transitionId}" were left unchanged (a transition into a done status may also need a valid resolution). Check them with tracker_get_issues and tracker_get_issue_transitions, then retry only those.`,
    });
  }
}
