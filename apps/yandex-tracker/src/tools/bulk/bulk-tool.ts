/** The base of the bulk write tools: the batch cap, then the queue policy, both before anything is sent. */
import type { AnyZodObject, InferSchemaOutput } from '@toolsmith/core';
import type { TrackerCtx } from '../shared/list-result.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { assertBatchSize } from './bulk-params.ts';

export abstract class BulkWriteTool<TParams extends AnyZodObject> extends TrackerTool<TParams> {
  /**
   * YANDEX_TRACKER_MAX_BATCH first (a ValidationError, no request), then every issue's queue and
   * `targetQueueId` against the allow-list and the read-only queues (TrackerTool): one refused queue
   * refuses the whole change, since the API applies it to all issues or none.
   */
  protected override async beforeExecute(params: InferSchemaOutput<TParams>, ctx: TrackerCtx) {
    const { issueIds } = params as { issueIds: string[] };
    assertBatchSize(issueIds, ctx.deps.config.maxBatch);
    await super.beforeExecute(params, ctx);
  }
}
