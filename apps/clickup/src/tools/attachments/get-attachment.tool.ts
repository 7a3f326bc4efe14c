import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { taskIdParam, teamIdParam } from '../shared/params.ts';
import { downloadBytes, refuseBeforeDownload, showFile } from './attachment-download.ts';
import { findAttachment, taskAttachments } from './task-attachments.ts';

export const GetAttachmentParams = lazySchema(() =>
  z.object({
    task_id: taskIdParam(),
    attachment_id: z.string().trim().min(1).max(300).describe('Id or exact title (clickup_get_attachments)'),
    team_id: teamIdParam(),
  }),
);

export class GetAttachmentTool extends ClickUpTool<typeof GetAttachmentParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_attachment', TOOL_PREFIX),
    description:
      "A task's attached file: images shown as images, text as text; others and big files refused.",
    category: 'attachments',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetAttachmentParams;

  async execute({ task_id, attachment_id }: ParamsOf<typeof GetAttachmentParams>, ctx: ClickUpCtx) {
    const { downloadMaxBytes, apiBase } = ctx.deps.config;
    const info = findAttachment(await taskAttachments(task_id, ctx), attachment_id, task_id);
    refuseBeforeDownload(info, apiBase, downloadMaxBytes, ctx.toolName);
    return showFile(info, await downloadBytes(info, downloadMaxBytes, ctx.signal));
  }
}
