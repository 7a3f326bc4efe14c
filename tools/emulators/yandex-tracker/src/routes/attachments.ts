/**
 * Attachments (research §3.8 "Attachments"): list an issue's files, upload one as multipart field
 * `file` (`?filename=` names it; 201), upload a temporary file (`POST /attachments`, no issue yet: its
 * id goes into `attachmentIds` of a create, update or comment), download the bytes
 * (`/attachments/{id}/{filename}` with content-type and content-length), the thumbnail of an image
 * (`/thumbnails/{id}`; other files have none: 404), delete (204). Writes leave changelog entries.
 */
import { lookup } from 'mime-types';
import type { FakeRequest } from '@toolsmith/testing';
import { API_ORIGIN, requireIssue, userRef } from '../render.ts';
import { created, queryString, respond, route, type RouteContext, type TrackerRoute } from '../router.ts';
import { badRequest, notFound, TrackerHttpError } from '../tracker-error.ts';
import {
  nextId,
  recordChange,
  trackerDate,
  type AttachmentRecord,
  type IssueRecord,
  type TrackerState,
} from '../tracker-state.ts';

/** The API caps one file at 1024 MB (research §3.8). */
const MAX_ATTACHMENT_BYTES = 1024 * 1024 * 1024;

/** The API decides the type itself; the emulator trusts a specific part type, else the extension. */
function mimetypeOf(name: string, partType: string): string {
  const specific = partType.split(';')[0]!.trim().toLowerCase();
  if (specific !== '' && specific !== 'application/octet-stream') return specific;
  return lookup(name) || 'application/octet-stream';
}

const isImage = (attachment: AttachmentRecord) => attachment.mimetype.startsWith('image/');

export function renderAttachment(state: TrackerState, attachment: AttachmentRecord) {
  const issue = state.issues.find((i) => i.id === attachment.issue);
  const base = issue ? `${API_ORIGIN}/v2/issues/${issue.key}` : API_ORIGIN;
  return {
    self: `${base}/attachments/${attachment.id}`,
    id: attachment.id,
    name: attachment.name,
    content: `${base}/attachments/${attachment.id}/${encodeURIComponent(attachment.name)}`,
    ...(isImage(attachment) && issue ? { thumbnail: `${base}/thumbnails/${attachment.id}` } : {}),
    createdBy: userRef(state, attachment.createdBy),
    createdAt: attachment.createdAt,
    mimetype: attachment.mimetype,
    size: attachment.size,
  };
}

/** The `file` part of a multipart body, as the API reads it (400 when there is none). */
async function filePart(request: FakeRequest): Promise<{ name: string; type: string; bytes: Uint8Array }> {
  const contentType = request.headers['content-type'] ?? '';
  if (!/^multipart\/form-data/i.test(contentType)) {
    throw badRequest('Файл нужно передать в теле запроса multipart/form-data, в поле file.', {
      file: 'required',
    });
  }
  let form: FormData;
  try {
    form = await new Response(request.raw as Uint8Array<ArrayBuffer>, {
      headers: { 'content-type': contentType },
    }).formData();
  } catch {
    throw badRequest('Не удалось разобрать тело multipart/form-data.');
  }
  const file = form.get('file');
  if (file === null || typeof file === 'string') {
    throw badRequest('В запросе нет файла: передайте его в поле file.', { file: 'required' });
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.length > MAX_ATTACHMENT_BYTES) {
    throw new TrackerHttpError(413, 'Размер файла превышает 1024 МБ.');
  }
  return { name: file.name, type: file.type, bytes };
}

async function upload(ctx: RouteContext, issue: IssueRecord | undefined): Promise<AttachmentRecord> {
  const part = await filePart(ctx.request);
  const name = queryString(ctx.request, 'filename') ?? part.name;
  if (!name || name.trim() === '') {
    throw badRequest('Не задано имя файла: передайте параметр filename.', { filename: 'required' });
  }
  const attachment: AttachmentRecord = {
    id: String(nextId(ctx.state, 'attachment', 4001)),
    issue: issue?.id,
    name,
    mimetype: mimetypeOf(name, part.type),
    size: part.bytes.length,
    content: part.bytes,
    createdBy: ctx.me,
    createdAt: trackerDate(new Date(ctx.now)),
  };
  ctx.state.attachments.push(attachment);
  if (issue) {
    recordChange(ctx.state, issue.id, ctx.me, 'IssueAttachmentAdded', [
      { field: 'attachments', from: null, to: attachment.name },
    ]);
  }
  return attachment;
}

function requireAttachment(ctx: RouteContext, issue: IssueRecord): AttachmentRecord {
  const attachment = ctx.state.attachments.find(
    (a) => a.issue === issue.id && a.id === ctx.params['attachmentId'],
  );
  if (!attachment) throw notFound('Вложение не найдено.');
  return attachment;
}

const fileResponse = (attachment: AttachmentRecord, bytes: Uint8Array) =>
  respond({
    status: 200,
    headers: {
      'content-type': attachment.mimetype,
      'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(attachment.name)}`,
    },
    bytes,
  });

export function attachmentsRoutes(): TrackerRoute[] {
  return [
    route('GET', '/issues/:key/attachments', (ctx) => {
      const issue = requireIssue(ctx.state, ctx.params['key']!);
      return ctx.state.attachments
        .filter((a) => a.issue === issue.id)
        .map((a) => renderAttachment(ctx.state, a));
    }),
    route('POST', '/issues/:key/attachments', async (ctx) => {
      const issue = requireIssue(ctx.state, ctx.params['key']!);
      return created(renderAttachment(ctx.state, await upload(ctx, issue)));
    }),
    route('POST', '/attachments', async (ctx) =>
      created(renderAttachment(ctx.state, await upload(ctx, undefined))),
    ),
    route('GET', '/issues/:key/attachments/:attachmentId/:filename', (ctx) => {
      const issue = requireIssue(ctx.state, ctx.params['key']!);
      const attachment = requireAttachment(ctx, issue);
      if (ctx.params['filename'] !== attachment.name) throw notFound('Вложение не найдено.');
      return fileResponse(attachment, attachment.content);
    }),
    route('GET', '/issues/:key/thumbnails/:attachmentId', (ctx) => {
      const issue = requireIssue(ctx.state, ctx.params['key']!);
      const attachment = requireAttachment(ctx, issue);
      if (!isImage(attachment)) throw notFound('Для этого вложения нет миниатюры.');
      return fileResponse(attachment, attachment.content);
    }),
    route('DELETE', '/issues/:key/attachments/:attachmentId', (ctx) => {
      const issue = requireIssue(ctx.state, ctx.params['key']!);
      const attachment = requireAttachment(ctx, issue);
      ctx.state.attachments.splice(ctx.state.attachments.indexOf(attachment), 1);
      recordChange(ctx.state, issue.id, ctx.me, 'IssueAttachmentRemoved', [
        { field: 'attachments', from: attachment.name, to: null },
      ]);
      return undefined;
    }),
  ];
}
