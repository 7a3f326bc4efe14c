import type * as MimeTypes from 'mime-types';
import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toAttachment, type ApiAttachment } from '../../api/dto/attachment-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { atMost, filled, issueIdParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { uploadBytes } from '@toolsmith/core/files';
import { issuePath, MAX_UPLOAD_BYTES } from './attachment-files.ts';

/**
 * mime-types, loaded on the first upload without a `mimetype`: its database is about 200 KB of
 * JavaScript, which every start of the server would otherwise parse and build maps from.
 */
let mimeTypesModule: Promise<typeof MimeTypes> | undefined;
const mimeTypes = () => (mimeTypesModule ??= import('mime-types'));

const UploadAttachmentParams = lazySchema(() =>
  z.object({
    issueId: issueIdParam,
    filename: z
      .string()
      .trim()
      .refine(filled, 'Must be at least 1 character long.')
      .refine(atMost(255), 'Must be at most 255 characters long.')
      .refine((value) => /^[^/\\]+$/.test(value), 'Give a file name without folders, e.g. "screenshot.png".')
      .describe('File name, e.g. screenshot.png.'),
    contentBase64: z
      .string()
      .refine(filled, 'Must be at least 1 character long.')
      .optional()
      .describe('Content, base64 (or `path`).'),
    path: z
      .string()
      .refine(filled, 'Must be at least 1 character long.')
      .optional()
      .describe('File path relative to YANDEX_TRACKER_UPLOAD_DIR (or `contentBase64`).'),
    mimetype: z
      .string()
      .refine((value) => /^[\w.+-]+\/[\w.+-]+$/.test(value), 'Use a MIME type such as "image/png".')
      .optional()
      .describe('MIME type (default: from the name).'),
  }),
);

export class UploadAttachmentTool extends TrackerTool<typeof UploadAttachmentParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('upload_attachment', TOOL_PREFIX),
    description: 'Attach a file (≤ 50 MiB) to an issue.',
    category: 'attachments',
    toolset: 'attachments',
    tags: ['attachment', 'file', 'upload', 'write', 'screenshot'],
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = UploadAttachmentParams;

  protected override outcomeCheck(params: ParamsOf<typeof UploadAttachmentParams>): OutcomeCheck {
    return {
      done: `the file was attached to ${params.issueId}`,
      tool: buildToolName('get_attachments', TOOL_PREFIX),
      args: { issueIds: [params.issueId] },
      lookFor: `a file named ${JSON.stringify(params.filename)} added just now`,
      then: 'upload it again only if it is not there',
    };
  }

  async execute(params: ParamsOf<typeof UploadAttachmentParams>, ctx: TrackerCtx) {
    const bytes = await this.content(params, ctx);
    const type =
      params.mimetype ?? ((await mimeTypes()).lookup(params.filename) || 'application/octet-stream');
    const form = new FormData();
    form.append('file', new Blob([bytes], { type }), params.filename);
    // Not idempotent: a retried upload would attach the file twice, so the client never resends it.
    const attachment = await ctx.deps.client.post<ApiAttachment>(issuePath(params.issueId), {
      query: { filename: params.filename },
      body: form,
      signal: ctx.signal,
    });
    return toAttachment(attachment);
  }

  private content(
    params: ParamsOf<typeof UploadAttachmentParams>,
    ctx: TrackerCtx,
  ): Promise<Uint8Array<ArrayBuffer>> {
    return uploadBytes(params, {
      dir: ctx.deps.config.uploadDir,
      variable: 'YANDEX_TRACKER_UPLOAD_DIR',
      maxBytes: MAX_UPLOAD_BYTES,
      instead: '`contentBase64`',
      elsewhere: 'attach it in the Tracker web interface',
      fields: { path: 'path', content: 'contentBase64' },
    });
  }
}
