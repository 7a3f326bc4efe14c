import type * as MimeTypes from 'mime-types';
import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  ValidationError,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toAttachment, type ApiAttachment } from '../../api/dto/attachment-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { atMost, filled, issueIdParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { issuePath, MAX_UPLOAD_BYTES, mib, openUploadFile } from './attachment-files.ts';

/**
 * mime-types, loaded on the first upload without a `mimetype`: its database is about 200 KB of
 * JavaScript, which every start of the server would otherwise parse and build maps from.
 */
let mimeTypesModule: Promise<typeof MimeTypes> | undefined;
const mimeTypes = () => (mimeTypesModule ??= import('mime-types'));

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

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

  private async content(
    params: ParamsOf<typeof UploadAttachmentParams>,
    ctx: TrackerCtx,
  ): Promise<Uint8Array<ArrayBuffer>> {
    const given = [params.contentBase64 !== undefined, params.path !== undefined].filter(Boolean).length;
    if (given !== 1) {
      throw new ValidationError({
        issues: [
          {
            field: given === 0 ? '' : 'contentBase64, path',
            message:
              given === 0
                ? 'gives no file content. Pass exactly one of `contentBase64` (the file, base64-encoded) or `path` (a file inside YANDEX_TRACKER_UPLOAD_DIR).'
                : 'are both given. Pass exactly one of them: `contentBase64` or `path`.',
          },
        ],
      });
    }
    const tooLarge = (size: number, field: string) =>
      new ValidationError({
        issues: [
          {
            field,
            message: `is ${mib(size)}; this server uploads at most ${mib(MAX_UPLOAD_BYTES)} per file. Compress or split the file, or attach it in the Tracker web interface. Nothing was sent.`,
          },
        ],
      });
    if (params.contentBase64 !== undefined) {
      const text = params.contentBase64.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
      if (!BASE64.test(text) || text.length % 4 === 1) {
        throw new ValidationError({
          issues: [
            {
              field: 'contentBase64',
              message:
                'is not valid base64. Encode the file bytes with standard base64 (A–Z, a–z, 0–9, +, /, = padding).',
            },
          ],
        });
      }
      const size = Math.floor((text.length * 3) / 4) - (text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0);
      if (size > MAX_UPLOAD_BYTES) throw tooLarge(size, 'contentBase64');
      const decoded = Buffer.from(text, 'base64');
      return new Uint8Array(
        decoded.buffer.slice(decoded.byteOffset, decoded.byteOffset + decoded.byteLength),
      );
    }
    const { handle, size } = await openUploadFile(ctx.deps.config.uploadDir, params.path!);
    try {
      if (size > MAX_UPLOAD_BYTES) throw tooLarge(size, 'path');
      return new Uint8Array(await handle.readFile());
    } finally {
      await handle.close();
    }
  }
}
