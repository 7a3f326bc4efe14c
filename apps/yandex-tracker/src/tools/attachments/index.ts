/** attachments: list, upload (base64, or a file inside YANDEX_TRACKER_UPLOAD_DIR), download, thumbnail, delete. */
import { DeleteAttachmentTool } from './delete-attachment.tool.ts';
import { DownloadAttachmentTool } from './download-attachment.tool.ts';
import { GetAttachmentThumbnailTool } from './get-attachment-thumbnail.tool.ts';
import { GetAttachmentsTool } from './get-attachments.tool.ts';
import { UploadAttachmentTool } from './upload-attachment.tool.ts';

export function createAttachmentTools() {
  return [
    new GetAttachmentsTool(),
    new UploadAttachmentTool(),
    new DownloadAttachmentTool(),
    new GetAttachmentThumbnailTool(),
    new DeleteAttachmentTool(),
  ];
}
