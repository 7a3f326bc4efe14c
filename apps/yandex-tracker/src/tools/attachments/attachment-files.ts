/**
 * What the attachment tools share: the `attachmentId` param, the lookup of one attachment in its
 * issue's list (its name and listed size are needed before downloading), and the local-file rules.
 *
 * Local files are dangerous on a server (research §2.7 item 2: a client-chosen path can read
 * `/proc/self/environ` or the server's own secrets). So reading is allowed only inside
 * YANDEX_TRACKER_UPLOAD_DIR and writing only inside YANDEX_TRACKER_DOWNLOAD_DIR, checked on the real
 * path (symlinks resolved), never by string prefix alone.
 */
import { NotFoundError, ref, ToolsmithError, ValidationError } from '@toolsmith/core';
import { formatFileSize, isInside as inside } from '@toolsmith/core/files';
import type { ApiAttachment } from '../../api/dto/attachment-dto.ts';
import type { TrackerCtx } from '../tracker-context.ts';

// node:fs/promises and node:path on first use (an upload or download), not when the server starts:
// process.getBuiltinModule builds no ES module facade for them.
const fs = () => process.getBuiltinModule('node:fs/promises');
const path = () => process.getBuiltinModule('node:path');

/** Largest file upload_attachment sends (the API takes up to 1024 MB, but an MCP call should not). */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

/** One of the issue's attachments (read for each call): the id, or the file name. */
export const attachmentIdParam = () =>
  ref('attachment', { id: 'either' }).describe('Attachment id, e.g. 4159.');

/** A size for people: "512 bytes", "4.9 KiB", "50 MiB", "50.0 MiB" (a whole MiB has no decimals). */
export const mib = formatFileSize;

export const issuePath = (issueId: string) => `/v2/issues/${encodeURIComponent(issueId)}/attachments`;

/** The attachment as listed on its issue, or a NotFoundError naming the attachments it does have. */
export async function findAttachment(
  ctx: TrackerCtx,
  issueId: string,
  attachmentId: string | number,
): Promise<ApiAttachment> {
  const answer = await ctx.deps.client.get<ApiAttachment[] | undefined>(issuePath(issueId), {
    signal: ctx.signal,
  });
  const list = Array.isArray(answer) ? answer : [];
  const found = list.find((a) => String(a.id) === String(attachmentId));
  if (found) return found;
  const known = list.slice(0, 20).map((a) => `${a.id} (${a.name})`);
  throw new NotFoundError({
    message: `Attachment ${attachmentId} is not on issue ${issueId}. ${
      known.length > 0
        ? `Its attachments: ${known.join(', ')}${list.length > known.length ? ', …' : ''}.`
        : 'The issue has no attachments.'
    } Use an id from tracker_get_attachments.`,
    resource: 'attachment',
    id: String(attachmentId),
  });
}

/** Refuses a file larger than YANDEX_TRACKER_MAX_DOWNLOAD_BYTES. */
export function assertDownloadSize(
  ctx: TrackerCtx,
  attachment: ApiAttachment,
  size: number | undefined,
): void {
  if (size !== undefined && size > ctx.deps.config.maxDownloadBytes) throw tooLarge(ctx, attachment, size);
}

/**
 * The refusal of a file over YANDEX_TRACKER_MAX_DOWNLOAD_BYTES: by its size (listed, or announced
 * by the download), or — `size` undefined — because more than the limit arrived although the list
 * said less (the download was stopped at the limit).
 */
export function tooLarge(
  ctx: TrackerCtx,
  attachment: ApiAttachment,
  size: number | undefined,
): ToolsmithError {
  const max = ctx.deps.config.maxDownloadBytes;
  const what =
    size !== undefined
      ? `is ${size} bytes (${mib(size)}), more than this server returns: ${max} bytes (YANDEX_TRACKER_MAX_DOWNLOAD_BYTES).`
      : `is larger than this server returns, ${max} bytes (YANDEX_TRACKER_MAX_DOWNLOAD_BYTES)${attachment.size === undefined ? '' : `, although it is listed at ${attachment.size} bytes`}: the download was stopped at the limit.`;
  return new ToolsmithError({
    code: 'attachment_too_large',
    userFacing: true,
    message: `Attachment ${attachment.id} (${attachment.name}) ${what} Open it in Tracker instead, or ask the operator to raise YANDEX_TRACKER_MAX_DOWNLOAD_BYTES.`,
  });
}

/** A local file operation that failed for a reason the operator can fix (permissions, disk full). */
function fileSystemError(action: string, file: string, error: unknown): ToolsmithError {
  const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
  return new ToolsmithError({
    code: 'local_file_error',
    userFacing: true,
    message: `Could not ${action} "${path().basename(file)}" (${code}). Check that the file is readable or the directory writable by the server, or ask the operator.`,
    cause: error,
  });
}

function localFileError(field: string, message: string): ValidationError {
  return new ValidationError({ issues: [{ field, message }] });
}

async function realDirectory(dir: string, variable: string, field: string): Promise<string> {
  try {
    const real = await fs().realpath(dir);
    if ((await fs().stat(real)).isDirectory()) return real;
  } catch {
    // reported below
  }
  throw localFileError(
    field,
    `cannot be used: ${variable} (${dir}) is not an existing directory. Ask the operator to fix ${variable}.`,
  );
}

/** A file name safe to write: the last path segment, without control characters. */
function safeName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f]/g, '').trim();
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'attachment' : cleaned;
}

/**
 * Writes `bytes` to a new file inside `downloadDir` and returns its absolute path. `saveAs` (relative
 * to the directory) must stay inside it and must not exist; without `saveAs` the attachment's own
 * name is used, with " (1)", " (2)", … added when that name is taken. Never overwrites, never
 * follows a symlink out of the directory.
 */
export async function saveDownload(
  downloadDir: string,
  saveAs: string | undefined,
  attachmentName: string,
  bytes: Uint8Array,
): Promise<string> {
  const root = await realDirectory(downloadDir, 'YANDEX_TRACKER_DOWNLOAD_DIR', 'saveAs');
  const configured = path().resolve(downloadDir);
  const outside = () =>
    localFileError(
      'saveAs',
      `points outside the download directory (YANDEX_TRACKER_DOWNLOAD_DIR = ${downloadDir}). Give a path relative to it, e.g. "report.pdf" or "issue-12/report.pdf". Nothing was saved.`,
    );
  let target: string;
  if (saveAs !== undefined) {
    const candidate = path().resolve(configured, saveAs);
    if (inside(configured, candidate)) target = path().join(root, path().relative(configured, candidate));
    else if (inside(root, candidate)) target = candidate;
    else throw outside();
  } else {
    target = path().join(root, safeName(attachmentName));
  }
  const parent = path().dirname(target);
  if (parent !== root) {
    if (!inside(root, parent)) throw outside();
    await fs()
      .mkdir(parent, { recursive: true })
      .catch((error: unknown) => {
        throw fileSystemError('create the folder of', parent, error);
      });
  }
  const realParent = await fs()
    .realpath(parent)
    .catch((error: unknown) => {
      throw fileSystemError('resolve', parent, error);
    });
  if (realParent !== root && !inside(root, realParent)) throw outside();
  target = path().join(realParent, path().basename(target));

  const extension = path().extname(target);
  const stem = target.slice(0, target.length - extension.length);
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const file = attempt === 0 ? target : `${stem} (${attempt})${extension}`;
    try {
      // `wx`: create only; fails on an existing file or symlink instead of following it.
      await fs().writeFile(file, bytes, { flag: 'wx' });
      return file;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw fileSystemError('save', file, error);
      if (saveAs !== undefined) {
        throw localFileError(
          'saveAs',
          `"${saveAs}" already exists in the download directory. Choose another name (files are never overwritten). Nothing was saved.`,
        );
      }
    }
  }
  throw localFileError(
    'saveAs',
    'no free file name was found for this attachment. Pass `saveAs` with a new name.',
  );
}
