import { buildToolName, defineToolMetadata, lazySchema, NotFoundError, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { toBulkStatus, type ApiBulkChange } from '../../api/dto/bulk-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { withHint } from '../shared/known-values.ts';
import { chooseView } from '../shared/list-result.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { fieldsOf } from '../shared/params.ts';

const GetBulkChangeStatusParams = lazySchema(() =>
  z.object({
    operationId: z
      .string()
      .refine(
        (value) => /^[0-9A-Za-z]{1,64}$/.test(value),
        'Use the operationId a bulk tool returned, e.g. "593cd211ef7e8a33c7e3bb1a" (letters and digits).',
      )
      .describe('`operationId` of a bulk tool.'),
    fields: fieldsOf('status, statusText'),
  }),
);

export class GetBulkChangeStatusTool extends TrackerTool<typeof GetBulkChangeStatusParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_bulk_change_status', TOOL_PREFIX),
    description: 'Status of a bulk change: CREATED, RUNNING, COMPLETE or FAILED, progress, done.',
    category: 'bulk',
    toolset: 'bulk',
    tags: ['bulk', 'status', 'progress', 'operation', 'poll'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetBulkChangeStatusParams;

  async execute(params: ParamsOf<typeof GetBulkChangeStatusParams>, ctx: TrackerCtx) {
    const view = chooseView(params, toBulkStatus);
    try {
      return view(
        await ctx.deps.client.get<ApiBulkChange>(`/v2/bulkchange/${encodeURIComponent(params.operationId)}`, {
          signal: ctx.signal,
        }),
      );
    } catch (error) {
      if (NotFoundError.isInstance(error)) {
        throw withHint(
          error,
          `No bulk change has the id ${params.operationId}. Use the operationId exactly as tracker_bulk_update_issues, tracker_bulk_transition_issues or tracker_bulk_move_issues returned it.`,
        );
      }
      throw error;
    }
  }
}
