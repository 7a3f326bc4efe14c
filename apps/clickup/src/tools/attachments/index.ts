/** The attachments tools, in the order tools/list shows them. */
import type { AnyTool } from '@toolsmith/core';
import type { ClickUpDeps } from '../../deps.ts';
import { GetAttachmentTool } from './get-attachment.tool.ts';
import { GetAttachmentsTool } from './get-attachments.tool.ts';
import { UploadAttachmentTool } from './upload-attachment.tool.ts';

export function attachmentTools(): AnyTool<ClickUpDeps>[] {
  return [new GetAttachmentsTool(), new GetAttachmentTool(), new UploadAttachmentTool()];
}
