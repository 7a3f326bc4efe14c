import {
  BodyTooLargeError,
  buildToolName,
  defineToolMetadata,
  type HttpResponse,
  lazySchema,
  type ParamsOf,
  toolResponse,
  ToolsmithError,
} from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { issueIdParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { attachmentIdParam, findAttachment, tooLarge } from './attachment-files.ts';

const GetAttachmentThumbnailParams = lazySchema(() =>
  z.object({
    issueId: issueIdParam,
    attachmentId: attachmentIdParam(),
  }),
);

export class GetAttachmentThumbnailTool extends TrackerTool<typeof GetAttachmentThumbnailParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_attachment_thumbnail', TOOL_PREFIX),
    description: 'Preview of an image attachment, as an image.',
    category: 'attachments',
    toolset: 'attachments',
    tags: ['attachment', 'image', 'thumbnail', 'preview', 'screenshot', 'read'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetAttachmentThumbnailParams;

  async execute(params: ParamsOf<typeof GetAttachmentThumbnailParams>, ctx: TrackerCtx) {
    const attachment = await findAttachment(ctx, params.issueId, params.attachmentId);
    const noPreview = () =>
      new ToolsmithError({
        code: 'no_thumbnail',
        userFacing: true,
        message: `Attachment ${attachment.id} (${attachment.name}, ${attachment.mimetype ?? 'unknown type'}) has no thumbnail: only images have one. Download the file with tracker_download_attachment instead.`,
      });
    if (attachment.thumbnail === undefined && !attachment.mimetype?.startsWith('image/')) throw noPreview();
    let response: HttpResponse<Uint8Array>;
    try {
      response = await ctx.deps.client.request<Uint8Array>(
        'GET',
        `/v2/issues/${encodeURIComponent(params.issueId)}/thumbnails/${encodeURIComponent(String(attachment.id))}`,
        { responseType: 'bytes', maxBodyBytes: ctx.deps.config.maxDownloadBytes, signal: ctx.signal },
      );
    } catch (error) {
      if (BodyTooLargeError.isInstance(error)) throw tooLarge(ctx, attachment, error.announced);
      throw error;
    }
    const bytes = response.data ?? new Uint8Array();
    const header = response.headers.get('content-type')?.split(';')[0]?.trim();
    const mimeType = header?.startsWith('image/') ? header : attachment.mimetype;
    if (!mimeType?.startsWith('image/') || bytes.length === 0) throw noPreview();
    return toolResponse({
      content: [{ type: 'image', data: Buffer.from(bytes).toString('base64'), mimeType }],
      data: {
        issueId: params.issueId,
        attachmentId: String(attachment.id),
        name: attachment.name,
        mimetype: mimeType,
        thumbnailSize: bytes.length,
      },
    });
  }
}
