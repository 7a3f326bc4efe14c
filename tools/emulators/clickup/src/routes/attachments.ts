/**
 * Attachments (research §2.7): `POST /task/{task_id}/attachment`, multipart/form-data with the file in
 * the field `attachment` (or `attachment[0]`); at most 1 GB. Answers the attachment (its `date` is a
 * number, unlike most dates). Attaching a file does not fire `taskUpdated` (research §4.1).
 *
 * The file itself is served at its `url`, as ClickUp serves it from its attachment host: here the
 * emulator's own origin, `GET /attachments/t<team>/<id>/<title>`, without the API token (ClickUp's
 * attachment links open in a browser), with its content type and length; an unknown file is a 404.
 */
import { badRequest, fileTooLarge } from '../clickup-error.ts';
import { nextUuid } from '../ids.ts';
import { renderAttachment } from '../render.ts';
import { taskFromPath } from '../route-helpers.ts';
import { respond, v2, type ClickUpRoute } from '../router.ts';

const MAX_BYTES = 1024 * 1024 * 1024;

export function attachmentRoutes(): ClickUpRoute[] {
  return [
    v2('POST', '/task/:task_id/attachment', async (ctx) => {
      const task = taskFromPath(ctx);
      const contentType = ctx.request.headers['content-type'] ?? '';
      if (!/^multipart\/form-data/i.test(contentType)) {
        throw badRequest('Attachments are sent as multipart/form-data in the field "attachment"');
      }
      let form: FormData;
      try {
        form = await new Response(ctx.request.raw as Uint8Array<ArrayBuffer>, {
          headers: { 'content-type': contentType },
        }).formData();
      } catch {
        throw badRequest('Could not parse the multipart body');
      }
      const file = form.get('attachment') ?? form.get('attachment[0]');
      if (file === null || typeof file === 'string') throw badRequest('No file in the field "attachment"');
      const bytes = new Uint8Array(await file.arrayBuffer());
      if (bytes.length > MAX_BYTES) throw fileTooLarge();
      const title = file.name || 'file';
      const extension = title.includes('.') ? title.split('.').pop()!.toLowerCase() : '';
      const id = `${nextUuid(ctx.state, 'attachment')}${extension ? `.${extension}` : ''}`;
      const attachment = {
        id,
        taskId: task.id,
        title,
        extension,
        mimetype: file.type || 'application/octet-stream',
        size: bytes.length,
        userId: ctx.me,
        date: ctx.now,
        bytes,
      };
      ctx.state.attachments.push(attachment);
      return renderAttachment(attachment, ctx.state);
    }),
    {
      method: 'GET',
      path: '/attachments/:team/:attachment_id/:file_name',
      anonymous: true,
      handler: (ctx) => {
        const file = ctx.state.attachments.find((a) => a.id === ctx.params['attachment_id']);
        if (!file)
          return respond({ status: 404, headers: { 'content-type': 'text/plain' }, text: 'Not Found' });
        return respond({
          status: 200,
          headers: {
            'content-type': file.mimetype,
            'content-length': String(file.bytes.length),
            'content-disposition': `inline; filename="${file.title.replace(/["\\\r\n]/g, '_')}"`,
          },
          bytes: file.bytes,
        });
      },
    },
  ];
}
