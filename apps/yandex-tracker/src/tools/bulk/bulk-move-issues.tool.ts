import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { ISSUE_KEY_PATTERN, queueIdParam } from '../shared/params.ts';
import { refuse } from '../shared/relations.ts';
import { runBulkChange } from './bulk-operation.ts';
import { bulkIssueIdsParam, bulkValuesBody, bulkValuesRef, notifyParam } from './bulk-params.ts';
import { BulkWriteTool } from './bulk-tool.ts';
import { confirmParam } from '../shared/confirmation.ts';
import { moveQuestion } from '../shared/move-question.ts';

const BulkMoveIssuesParams = lazySchema(() =>
  z.object({
    issueIds: bulkIssueIdsParam,
    targetQueueId: queueIdParam.describe('Target queue key.'),
    moveAllFields: z.boolean().optional().describe('Keep components, versions, projects (default: cleared).'),
    initialStatus: z
      .boolean()
      .optional()
      .describe("Reset to the target queue's first status; needed if the type or status is missing there."),
    values: bulkValuesRef.optional().describe('Fields to set, as in tracker_bulk_update_issues.'),
    notify: notifyParam,
    confirm: confirmParam(),
  }),
);

export class BulkMoveIssuesTool extends BulkWriteTool<typeof BulkMoveIssuesParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('bulk_move_issues', TOOL_PREFIX),
    description: 'Move many issues to another queue and wait, with progress.',
    category: 'bulk',
    toolset: 'bulk',
    tags: ['bulk', 'mass', 'move', 'queue', 'relocate', 'write', 'progress'],
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = BulkMoveIssuesParams;

  /** The operation's id was lost with the answer: the issues (old keys still find them) show whether it ran. */
  protected override outcomeCheck(params: ParamsOf<typeof BulkMoveIssuesParams>): OutcomeCheck {
    return {
      done: `the bulk move to ${params.targetQueueId} was started`,
      tool: buildToolName('get_issues', TOOL_PREFIX),
      args: { issueIds: [...new Set(params.issueIds)], fields: ['key', 'queue'] },
      lookFor: `keys in ${params.targetQueueId} (the change may still be running: look again after a minute)`,
      then: 'start it again only for the issues still in their old queue',
    };
  }

  /** Issues already in the target queue would fail the whole operation: refused first, by key. */
  protected override async beforeExecute(params: ParamsOf<typeof BulkMoveIssuesParams>, ctx: TrackerCtx) {
    await super.beforeExecute(params, ctx);
    const there = params.issueIds.filter(
      (id) => ISSUE_KEY_PATTERN.test(id) && id.startsWith(`${params.targetQueueId}-`),
    );
    if (there.length > 0)
      throw refuse(
        this.name,
        'issueIds',
        `${there.join(', ')} ${there.length === 1 ? 'is' : 'are'} in ${params.targetQueueId} already. Leave ${there.length === 1 ? 'it' : 'them'} out. Nothing was changed.`,
      );
  }

  async execute(params: ParamsOf<typeof BulkMoveIssuesParams>, ctx: TrackerCtx) {
    const issues = [...new Set(params.issueIds)];
    const values = bulkValuesBody(params.values);
    const target = params.targetQueueId;
    await this.confirmIrreversible(ctx, params, moveQuestion(issues, params));
    return runBulkChange(ctx, {
      action: '_move',
      body: {
        queue: target,
        issues,
        ...(Object.keys(values).length > 0 ? { values } : {}),
        ...(params.moveAllFields !== undefined ? { moveAllFields: params.moveAllFields } : {}),
        ...(params.initialStatus !== undefined ? { initialStatus: params.initialStatus } : {}),
      },
      notify: params.notify,
      issues: issues.length,
      failedHint: `Issues whose type or status does not exist in ${target} were not moved (pass initialStatus: true to reset them to the queue's first status), nor were issues already in ${target}. Find them with tracker_get_issues and retry only those.`,
    });
  }
}
