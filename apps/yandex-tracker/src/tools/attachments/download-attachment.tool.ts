import {
  BodyTooLargeError,
  buildToolName,
  defineToolMetadata,
  type HttpResponse,
  lazySchema,
  type ParamsOf,
  ValidationError,
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
  tooLarge,
} from './attachment-files.ts';
import { showAttachment } from './attachment-content.ts';

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
      'Download an attachment: saved to YANDEX_TRACKER_DOWNLOAD_DIR when set (path returned), else shown (image, text, else base64). Over YANDEX_TRACKER_MAX_DOWNLOAD_BYTES is refused.',
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
    // The listed size lets a too-large file be refused before a byte of it is read; the limit also
    // rides the download itself, enforced while the body streams in (core's `maxBodyBytes`).
    const attachment = await findAttachment(ctx, params.issueId, params.attachmentId);
    assertDownloadSize(ctx, attachment, attachment.size);
    const path = `${issuePath(params.issueId)}/${encodeURIComponent(String(attachment.id))}/${encodeURIComponent(attachment.name)}`;
    let response: HttpResponse<Uint8Array>;
    try {
      response = await ctx.deps.client.request<Uint8Array>('GET', path, {
        responseType: 'bytes',
        maxBodyBytes: ctx.deps.config.maxDownloadBytes,
        signal: ctx.signal,
      });
    } catch (error) {
      if (BodyTooLargeError.isInstance(error)) throw tooLarge(ctx, attachment, error.announced);
      throw error;
    }
    const bytes = response.data ?? new Uint8Array();
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
    return showAttachment(info, bytes, attachment.content ?? path);
  }
}
