import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { issueIdParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { confirmParam } from '../shared/confirmation.ts';
import { worklogIdParam, worklogNotFound, worklogPath } from './worklog-common.ts';

const DeleteWorklogParams = lazySchema(() =>
  z.object({
    issueId: issueIdParam,
    worklogId: worklogIdParam(),
    confirm: confirmParam(),
  }),
);

export class DeleteWorklogTool extends TrackerTool<typeof DeleteWorklogParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('delete_worklog', TOOL_PREFIX),
    description: 'Delete a worklog.',
    category: 'worklogs',
    toolset: 'worklogs',
    tags: ['worklog', 'time', 'spent', 'delete', 'remove', 'write'],
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = DeleteWorklogParams;

  async execute(params: ParamsOf<typeof DeleteWorklogParams>, ctx: TrackerCtx) {
    await this.confirmIrreversible(
      ctx,
      params,
      `Delete worklog ${params.worklogId} of ${params.issueId}? The time it logged is removed and cannot be restored.`,
    );
    try {
      await ctx.deps.client.delete(
        `${worklogPath(params.issueId)}/${encodeURIComponent(String(params.worklogId))}`,
        {
          signal: ctx.signal,
        },
      );
    } catch (error) {
      throw worklogNotFound(error, params.issueId, params.worklogId);
    }
    return { deleted: true, issueId: params.issueId, worklogId: Number(params.worklogId) };
  }
}
