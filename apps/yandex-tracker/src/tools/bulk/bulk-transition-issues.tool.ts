import { ApiError, buildToolName, defineToolMetadata } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../deps.ts';
import { knownTransitions, withHint } from '../shared/known-values.ts';
import type { TrackerCtx } from '../shared/list-result.ts';
import { checkIssueValues, ReferenceCheck } from '../shared/reference-values.ts';
import { runBulkChange } from './bulk-operation.ts';
import { bulkIssueIdsParam, bulkValuesBody, bulkValuesRef, notifyParam } from './bulk-params.ts';
import { BulkWriteTool } from './bulk-tool.ts';
import { lazySchema } from '../shared/lazy-schema.ts';
import { filled, atMost, resolutionParam, transitionCommentParam } from '../shared/params.ts';

const BulkTransitionIssuesParams = lazySchema(() =>
  z.object({
    issueIds: bulkIssueIdsParam,
    transitionId: z
      .string()
      .refine(filled, 'Must be at least 1 character long.')
      .refine(atMost(200), 'Must be at most 200 characters long.')
      .describe('Transition id, e.g. close.'),
    resolution: resolutionParam,
    comment: transitionCommentParam,
    values: bulkValuesRef.optional().describe('Fields to set, as in tracker_bulk_update_issues.'),
    notify: notifyParam,
  }),
);

export class BulkTransitionIssuesTool extends BulkWriteTool<ReturnType<typeof BulkTransitionIssuesParams>> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('bulk_transition_issues', TOOL_PREFIX),
    description:
      'Run one transition on many issues and wait, with progress; issues that cannot take it stay unchanged.',
    category: 'bulk',
    toolset: 'bulk',
    tags: ['bulk', 'mass', 'transition', 'status', 'close', 'workflow', 'write', 'progress'],
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
  });

  getParamsSchema() {
    return BulkTransitionIssuesParams();
  }

  async execute(params: z.output<ReturnType<typeof BulkTransitionIssuesParams>>, ctx: TrackerCtx) {
    const issues = [...new Set(params.issueIds)];
    const check = new ReferenceCheck(ctx, this.name);
    const fields = params.values && (await checkIssueValues(check, params.values, 'values.'));
    const { resolution } = await checkIssueValues(check, { resolution: params.resolution });
    check.assert();
    const values = {
      ...bulkValuesBody(fields),
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
        const available = await knownTransitions(ctx, issues[0]!);
        withHint(
          error,
          available && available.length > 0
            ? `Transitions available to ${issues[0]} now: ${available.map((t) => (t.to ? `${t.id} (→ ${t.to})` : t.id)).join(', ')}. Other issues may differ: tracker_get_issue_transitions lists them per issue.`
            : 'List the transitions of an issue with tracker_get_issue_transitions.',
        );
      },
      failedHint: `Issues whose current status does not allow "${params.transitionId}" were left unchanged (a transition into a done status may also need a valid resolution). Check them with tracker_get_issues and tracker_get_issue_transitions, then retry only those.`,
    });
  }
}
