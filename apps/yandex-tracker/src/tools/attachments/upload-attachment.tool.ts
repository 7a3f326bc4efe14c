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
import { uploadBytes } from '@toolsmith/core/files';
import { issuePath, MAX_UPLOAD_BYTES } from './attachment-files.ts';
import { fetchUrlFile } from './url-source.ts';

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
      .describe('Content, base64.'),
    path: z
      .string()
      .refine(filled, 'Must be at least 1 character long.')
      .optional()
      .describe('Path in YANDEX_TRACKER_UPLOAD_DIR.'),
    url: z
      .string()
      .refine(filled, 'Must be at least 1 character long.')
      .optional()
      .describe('URL on a host in YANDEX_TRACKER_UPLOAD_URL_HOSTS.'),
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
    const { bytes, served } = await this.content(params, ctx);
    const type =
      params.mimetype ??
      ((await mimeTypes()).lookup(params.filename) ||
        (served !== 'application/octet-stream' ? served : undefined) ||
        'application/octet-stream');
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

  /** The file's bytes from exactly one source, and the media type a URL served it as. */
  private async content(
    params: ParamsOf<typeof UploadAttachmentParams>,
    ctx: TrackerCtx,
  ): Promise<{ bytes: Uint8Array<ArrayBuffer>; served?: string | undefined }> {
    if (params.url !== undefined) {
      const others = [
        params.contentBase64 !== undefined && 'contentBase64',
        params.path !== undefined && 'path',
      ];
      const given = others.filter((name) => name !== false);
      if (given.length > 0) {
        throw new ValidationError({
          issues: [
            {
              field: `url, ${given.join(', ')}`,
              message: 'are both given. Give exactly one of contentBase64, path and url.',
            },
          ],
        });
      }
      const file = await fetchUrlFile(params.url, ctx.deps.config.uploadUrl, ctx.signal);
      return { bytes: file.bytes, served: file.contentType };
    }
    if (params.path === undefined && params.contentBase64 === undefined) {
      throw new ValidationError({
        issues: [
          {
            field: 'contentBase64, path, url',
            message:
              "give no file. Give exactly one: contentBase64 (the file's bytes, base64-encoded), path (a file inside YANDEX_TRACKER_UPLOAD_DIR) or url (on a host in YANDEX_TRACKER_UPLOAD_URL_HOSTS).",
          },
        ],
      });
    }
    const bytes = await uploadBytes(params, {
      dir: ctx.deps.config.uploadDir,
      variable: 'YANDEX_TRACKER_UPLOAD_DIR',
      maxBytes: MAX_UPLOAD_BYTES,
      instead: '`contentBase64`',
      elsewhere: 'attach it in the Tracker web interface',
      fields: { path: 'path', content: 'contentBase64' },
    });
    return { bytes };
  }
}
