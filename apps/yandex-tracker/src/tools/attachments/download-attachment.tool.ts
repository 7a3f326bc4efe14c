import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  toolResponse,
  ValidationError,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { atMost, filled, issueIdParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import {
  assertDownloadSize,
  attachmentIdParam,
  findAttachment,
  issuePath,
  saveDownload,
} from './attachment-files.ts';

const DownloadAttachmentParams = lazySchema(() =>
  z.object({
    issueId: issueIdParam,
    attachmentId: attachmentIdParam(),
    saveAs: z
      .string()
      .refine(filled, 'Must be at least 1 character long.')
      .refine(atMost(1000), 'Must be at most 1000 characters long.')
      .optional()
      .describe('Path in the download dir, e.g. DEMO-12/a.pdf (default: the file name; never overwrites).'),
  }),
);

export class DownloadAttachmentTool extends TrackerTool<typeof DownloadAttachmentParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('download_attachment', TOOL_PREFIX),
    description:
      'Download an attachment: saved to YANDEX_TRACKER_DOWNLOAD_DIR when set (path returned), else returned base64. Over YANDEX_TRACKER_MAX_DOWNLOAD_BYTES is refused.',
    category: 'attachments',
    toolset: 'attachments',
    tags: ['attachment', 'file', 'download', 'read', 'save'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = DownloadAttachmentParams;

  async execute(params: ParamsOf<typeof DownloadAttachmentParams>, ctx: TrackerCtx) {
    const { downloadDir } = ctx.deps.config;
    if (params.saveAs !== undefined && downloadDir === undefined) {
      throw new ValidationError({
        issues: [
          {
            field: 'saveAs',
            message:
              'cannot be used: this server saves no files because YANDEX_TRACKER_DOWNLOAD_DIR is not set. Omit `saveAs` to get the content base64-encoded, or ask the operator to set YANDEX_TRACKER_DOWNLOAD_DIR.',
          },
        ],
      });
    }
    // The listed size lets a too-large file be refused before a byte of it is read.
    const attachment = await findAttachment(ctx, params.issueId, params.attachmentId);
    assertDownloadSize(ctx, attachment, attachment.size);
    const response = await ctx.deps.client.request<Uint8Array>(
      'GET',
      `${issuePath(params.issueId)}/${encodeURIComponent(String(attachment.id))}/${encodeURIComponent(attachment.name)}`,
      { responseType: 'bytes', signal: ctx.signal },
    );
    const bytes = response.data ?? new Uint8Array();
    assertDownloadSize(ctx, attachment, bytes.length);
    const mimetype =
      attachment.mimetype ??
      response.headers.get('content-type')?.split(';')[0] ??
      'application/octet-stream';
    const info = {
      issueId: params.issueId,
      attachmentId: String(attachment.id),
      name: attachment.name,
      mimetype,
      size: bytes.length,
    };
    if (downloadDir !== undefined) {
      return { ...info, savedTo: await saveDownload(downloadDir, params.saveAs, attachment.name, bytes) };
    }
    return toolResponse({
      content: [
        {
          type: 'resource',
          resource: {
            uri:
              attachment.content ??
              `${issuePath(params.issueId)}/${attachment.id}/${encodeURIComponent(attachment.name)}`,
            mimeType: mimetype,
            blob: Buffer.from(bytes).toString('base64'),
          },
        },
      ],
      data: { ...info, content: 'base64, in the embedded resource of this result' },
    });
  }
}
