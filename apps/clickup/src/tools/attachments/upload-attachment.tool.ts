import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  ValidationError,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toAttachmentView, type ApiAttachment } from '../../api/dto/attachment-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { taskIdParam, teamIdParam } from '../shared/params.ts';
import { mimeTypeOf, uploadBytes } from './upload-file.ts';

export const UploadAttachmentParams = lazySchema(() =>
  z.object({
    task_id: taskIdParam(),
    path: z.string().min(1).optional().describe('File path inside CLICKUP_UPLOAD_DIR, relative to it'),
    content_base64: z.string().min(1).optional().describe('The file, base64-encoded; needs file_name'),
    file_name: z
      .string()
      .trim()
      .min(1)
      .max(255)
      .regex(/^[^/\\]+$/, 'a file name has no folders, e.g. "screenshot.png"')
      .optional()
      .describe("Name in ClickUp; default the file's own"),
    team_id: teamIdParam(),
  }),
);

export class UploadAttachmentTool extends ClickUpTool<typeof UploadAttachmentParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('upload_attachment', TOOL_PREFIX),
    description:
      "Attach a file (≤100 MiB) to a task: a path inside the server's CLICKUP_UPLOAD_DIR, or content_base64 with file_name. Returns { id, title, size, url }.",
    category: 'attachments',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = UploadAttachmentParams;

  protected override outcomeCheck(params: ParamsOf<typeof UploadAttachmentParams>): OutcomeCheck {
    const name = params.file_name ?? params.path?.split(/[/\\]/).pop() ?? 'the file';
    return {
      done: 'the file was attached',
      tool: undefined,
      lookFor: `an attachment ${JSON.stringify(name)} on task ${params.task_id} in ClickUp (its url is in clickup_get_task's answer)`,
      then: 'upload it again only if it is not there',
    };
  }

  async execute(params: ParamsOf<typeof UploadAttachmentParams>, ctx: ClickUpCtx) {
    const { bytes, fileName } = await this.file(params, ctx);
    const form = new FormData();
    form.append('attachment', new Blob([bytes], { type: mimeTypeOf(fileName) }), fileName);
    const { path, query } = await ctx.deps.client.task(params.task_id, '/attachment', ctx.signal);
    // A POST: the client never re-sends it, so a failed upload cannot attach the file twice.
    const attachment = await ctx.deps.client.post<ApiAttachment>(path, {
      query,
      body: form,
      signal: ctx.signal,
    });
    return toAttachmentView(attachment);
  }

  private async file(
    params: ParamsOf<typeof UploadAttachmentParams>,
    ctx: ClickUpCtx,
  ): Promise<{ bytes: Uint8Array<ArrayBuffer>; fileName: string }> {
    if (params.path === undefined && params.content_base64 !== undefined && params.file_name === undefined) {
      throw new ValidationError({
        toolName: ctx.toolName,
        issues: [{ field: 'file_name', message: 'is required with content_base64, e.g. "screenshot.png".' }],
      });
    }
    const bytes = await uploadBytes(ctx.deps.config.uploadDir, {
      path: params.path,
      contentBase64: params.content_base64,
    });
    if (params.path === undefined) return { bytes, fileName: params.file_name! };
    const own = params.path.split(/[/\\]/).pop() || 'file';
    return { bytes, fileName: params.file_name ?? own };
  }
}
