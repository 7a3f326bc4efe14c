/** A task's attachments as GET /task/{id} lists them (research §2.5: `attachments`), for the two read tools. */
import { NotFoundError, withProjectionRoot } from '@toolsmith/core';
import { isoDate } from '../../api/dto/task-view.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import type { AttachmentInfo } from './attachment-download.ts';

interface ApiTaskAttachment {
  id: string;
  title?: string;
  mimetype?: string;
  extension?: string;
  size?: number | string;
  date?: number | string;
  url?: string;
}

export async function taskAttachments(taskId: string, ctx: ClickUpCtx): Promise<AttachmentInfo[]> {
  const { path, query } = await ctx.deps.client.task(taskId, '', ctx.signal);
  const task = await ctx.deps.client.get<{ attachments?: ApiTaskAttachment[] }>(path, {
    query,
    signal: ctx.signal,
  });
  return (task.attachments ?? []).map((a) => ({
    id: String(a.id),
    title: a.title ?? String(a.id),
    mimetype: a.mimetype || 'application/octet-stream',
    size: a.size === undefined || a.size === null ? undefined : Number(a.size),
    url: a.url ?? '',
    ...(isoDate(a.date) ? { date: isoDate(a.date)! } : {}),
  }));
}

/** The list tool's answer: id, title, type, size and date of each, newest last as ClickUp lists them. */
export const attachmentItems = (attachments: (AttachmentInfo & { date?: string })[]) =>
  withProjectionRoot(
    {
      items: attachments.map((a) => ({
        id: a.id,
        title: a.title,
        type: a.mimetype,
        ...(a.size !== undefined ? { size: a.size } : {}),
        ...(a.date ? { date: a.date } : {}),
      })),
    },
    'items',
  );

/** The attachment of a task by id, or by its exact title when only one has it. */
export function findAttachment(
  attachments: AttachmentInfo[],
  wanted: string,
  taskId: string,
): AttachmentInfo {
  const found =
    attachments.find((a) => a.id === wanted) ??
    (attachments.filter((a) => a.title === wanted).length === 1
      ? attachments.find((a) => a.title === wanted)
      : undefined);
  if (found) return found;
  const listed = attachments.map((a) => `${a.id} (${a.title})`).join(', ');
  throw new NotFoundError(
    attachments.length === 0
      ? `Task ${taskId} has no attachments.`
      : `Task ${taskId} has no attachment "${wanted.slice(0, 80)}". Its attachments: ${listed.slice(0, 1500)}.`,
    { resource: 'attachment', id: wanted },
  );
}
