import { buildToolName, defineToolMetadata, lazySchema, NotFoundError, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { withHint } from '../shared/known-values.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { issueIdParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { confirmParam } from '../shared/confirmation.ts';
import { attachmentIdParam, issuePath } from './attachment-files.ts';

const DeleteAttachmentParams = lazySchema(() =>
  z.object({
    issueId: issueIdParam,
    attachmentId: attachmentIdParam(),
    confirm: confirmParam(),
  }),
);

export class DeleteAttachmentTool extends TrackerTool<typeof DeleteAttachmentParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('delete_attachment', TOOL_PREFIX),
    description: 'Delete an attachment.',
    category: 'attachments',
    toolset: 'attachments',
    tags: ['attachment', 'file', 'delete', 'remove', 'write'],
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = DeleteAttachmentParams;

  async execute(params: ParamsOf<typeof DeleteAttachmentParams>, ctx: TrackerCtx) {
    await this.confirmIrreversible(
      ctx,
      params,
      `Delete attachment ${params.attachmentId} from ${params.issueId}? The file cannot be restored.`,
    );
    try {
      await ctx.deps.client.delete(
        `${issuePath(params.issueId)}/${encodeURIComponent(String(params.attachmentId))}`,
        {
          signal: ctx.signal,
        },
      );
    } catch (error) {
      if (NotFoundError.isInstance(error)) {
        throw withHint(
          error,
          `Either issue ${params.issueId} does not exist or attachment ${params.attachmentId} is not on it (already deleted?). List its attachments with tracker_get_attachments.`,
        );
      }
      throw error;
    }
    return { deleted: true, issueId: params.issueId, attachmentId: String(params.attachmentId) };
  }
}
