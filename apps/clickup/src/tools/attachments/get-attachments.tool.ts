import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { taskIdParam, teamIdParam } from '../shared/params.ts';
import { attachmentItems, taskAttachments } from './task-attachments.ts';

export const GetAttachmentsParams = lazySchema(() =>
  z.object({
    task_id: taskIdParam(),
    team_id: teamIdParam(),
  }),
);

export class GetAttachmentsTool extends ClickUpTool<typeof GetAttachmentsParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_attachments', TOOL_PREFIX),
    description:
      "A task's files: { items: [{ id, title, type, size, date }] }. Read one with clickup_get_attachment.",
    category: 'attachments',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetAttachmentsParams;

  async execute({ task_id }: ParamsOf<typeof GetAttachmentsParams>, ctx: ClickUpCtx) {
    return attachmentItems(await taskAttachments(task_id, ctx));
  }
}
