/** The base of the bulk write tools: the batch cap, then the queue policy, both before anything is sent. */
import type { ParamsDeclaration, ParamsOf, ParamsValidation } from '@toolsmith/core';
import type { TrackerCtx } from '../tracker-context.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { assertBatchSize } from './bulk-params.ts';
import { redirectBulkFields, type BulkAction } from './bulk-redirects.ts';
import { nestedInputIssues, withIssues } from '../shared/resolvers.ts';

export abstract class BulkWriteTool<TParams extends ParamsDeclaration> extends TrackerTool<TParams> {
  /** `values.status` (and `resolution`, `queue`) answered with the call that changes it, not "Unknown field". */
  override validateParams(args: unknown): ParamsValidation<ParamsOf<TParams>> {
    const action = (/_bulk_(update|transition|move)_issues$/.exec(this.name)?.[1] ?? 'update') as BulkAction;
    const values =
      args !== null && typeof args === 'object' ? (args as { values?: unknown }).values : undefined;
    const strict = withIssues(
      super.validateParams(args),
      nestedInputIssues('bulkValues', values, 'values'),
      this.name,
    );
    return redirectBulkFields(strict, args, action, this.name);
  }

  /**
   * YANDEX_TRACKER_MAX_BATCH first (a ValidationError, no request), then every issue's queue and
   * `targetQueueId` against the allow-list and the read-only queues (TrackerTool): one refused queue
   * refuses the whole change, since the API applies it to all issues or none.
   */
  protected override async beforeExecute(params: ParamsOf<TParams>, ctx: TrackerCtx) {
    const { issueIds } = params as { issueIds: string[] };
    assertBatchSize(issueIds, ctx.deps.config.maxBatch);
    await super.beforeExecute(params, ctx);
  }
}
