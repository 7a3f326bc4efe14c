import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { issueIdParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { confirmParam } from '../shared/confirmation.ts';
import {
  checklistItemIdParam,
  checklistPath,
  itemNotFound,
  type IssueWithChecklist,
} from './checklist-common.ts';

const DeleteChecklistItemParams = lazySchema(() =>
  z.object({
    issueId: issueIdParam,
    checklistItemId: checklistItemIdParam(),
    confirm: confirmParam(),
  }),
);

export class DeleteChecklistItemTool extends TrackerTool<typeof DeleteChecklistItemParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('delete_checklist_item', TOOL_PREFIX),
    description: 'Delete a checklist item.',
    category: 'checklists',
    toolset: 'checklists',
    tags: ['checklist', 'todo', 'item', 'delete', 'remove', 'write'],
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = DeleteChecklistItemParams;

  async execute(params: ParamsOf<typeof DeleteChecklistItemParams>, ctx: TrackerCtx) {
    await this.confirmIrreversible(
      ctx,
      params,
      `Delete checklist item ${params.checklistItemId} of ${params.issueId}? It cannot be restored.`,
    );
    let issue: IssueWithChecklist | undefined;
    try {
      issue = await ctx.deps.client
        .request<IssueWithChecklist | undefined>(
          'DELETE',
          `${checklistPath(params.issueId)}/${encodeURIComponent(params.checklistItemId)}`,
          { signal: ctx.signal },
        )
        .then((r) => r.data);
    } catch (error) {
      throw itemNotFound(error, params.issueId, params.checklistItemId);
    }
    return {
      deleted: true,
      issueId: params.issueId,
      checklistItemId: params.checklistItemId,
      ...(issue && typeof issue === 'object' ? { remainingItems: issue.checklistItems?.length ?? 0 } : {}),
    };
  }
}
