/**
 * Reading an attachment's file: only from ClickUp's attachment hosts (`*.clickup-attachments.com`,
 * research §2.7's URLs) or the API's own origin (CLICKUP_API_BASE: a proxy, the emulator), never a
 * redirect elsewhere, without the API token (the links open in a browser), and never more than
 * CLICKUP_DOWNLOAD_MAX_BYTES: a larger Content-Length is refused before the body is read, a body that
 * grows past it is stopped. Then shown as what a client can show: an image as an image, text as
 * text; anything else is refused, saying what it is and where to open it.
 */
import {
  ApiError,
  NetworkError,
  readCappedBody,
  toolResponse,
  ValidationError,
  type CappedBody,
  type ToolResponse,
} from '@toolsmith/core';

/** Image types MCP clients render. */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
/** Types read as text (when the bytes are UTF-8). */
const TEXT_TYPE =
  /^text\/|^application\/(json|ld\+json|xml|yaml|x-yaml|toml|javascript|x-ndjson|csv|sql|x-sh|graphql)$|\+(json|xml)$/;
/** How long one download may take. */
const DOWNLOAD_TIMEOUT_MS = 60_000;
/** Characters of a text file in one answer (the output budget is 50 000 for the whole answer). */
const MAX_TEXT_CHARS = 40_000;

export interface AttachmentInfo {
  id: string;
  title: string;
  mimetype: string;
  size: number | undefined;
  url: string;
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 1024 * 1024 ? 2 : 1)} MiB`;
const limitText = (limit: number) => `${limit} bytes (${mib(limit)}, CLICKUP_DOWNLOAD_MAX_BYTES)`;

/** Whether ClickUp serves files from this URL: its attachment hosts, or the configured API's origin. */
export function allowedDownload(url: string, apiBase: string): boolean {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  const api = new URL(apiBase);
  if (target.origin === api.origin) return true;
  return target.protocol === 'https:' && /(^|\.)clickup-attachments\.com$/i.test(target.hostname);
}

/** What a client can show of this type: `image`, `text`, or nothing. */
export function shownAs(mimetype: string): 'image' | 'text' | undefined {
  const type = mimetype.toLowerCase().split(';')[0]!.trim();
  if (IMAGE_TYPES.has(type)) return 'image';
  return TEXT_TYPE.test(type) ? 'text' : undefined;
}

/** Refusals before anything is read: the host, the type, the size the task says the file has. */
export function refuseBeforeDownload(
  info: AttachmentInfo,
  apiBase: string,
  limit: number,
  toolName: string,
): void {
  const refuse = (message: string) =>
    new ValidationError({
      toolName,
      issues: [{ field: 'attachment_id', message: `${message} Nothing was downloaded.` }],
    });
  if (!allowedDownload(info.url, apiBase)) {
    let host = 'an unreadable URL';
    try {
      host = new URL(info.url).host;
    } catch {
      // keep the words
    }
    throw refuse(
      `"${info.title}" is served from ${host}, not from ClickUp's attachment host (*.clickup-attachments.com) or the API's: the server downloads only from those. Open ${info.url} yourself.`,
    );
  }
  if (shownAs(info.mimetype) === undefined) {
    throw refuse(
      `"${info.title}" is ${info.mimetype}${info.size !== undefined ? `, ${info.size} bytes` : ''}: only images (PNG, JPEG, GIF, WebP) and text files can be shown here. Open it in ClickUp: ${info.url}`,
    );
  }
  if (info.size !== undefined && info.size > limit) {
    throw refuse(
      `"${info.title}" is ${info.size} bytes (${mib(info.size)}), more than the ${limitText(limit)} this server downloads. Open it in ClickUp: ${info.url}`,
    );
  }
}

/** The file's bytes, at most `limit` of them; no redirect is followed. */
export async function downloadBytes(
  info: AttachmentInfo,
  limit: number,
  signal: AbortSignal,
): Promise<Uint8Array> {
  let response: Response;
  try {
    response = await fetch(info.url, {
      redirect: 'manual',
      signal: AbortSignal.any([signal, AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS)]),
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new NetworkError(`The file "${info.title}" could not be downloaded: ${(error as Error).message}.`);
  }
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel();
    throw new ApiError(
      `The attachment host answered with a redirect (HTTP ${response.status}); the server follows none. Open ${info.url} yourself.`,
      { status: response.status },
    );
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new ApiError(
      `The attachment host answered HTTP ${response.status} for "${info.title}": the file may have been removed. List the task's attachments again with clickup_get_attachments.`,
      { status: response.status },
    );
  }
  const announced = Number(response.headers.get('content-length') ?? NaN);
  if (announced > limit) {
    await response.body?.cancel();
    throw tooLarge(info, limit, `${announced} bytes`);
  }
  let body: CappedBody;
  try {
    body = await readCappedBody(response.body, limit);
  } catch (error) {
    if (signal.aborted) throw error;
    throw new NetworkError(
      `The file "${info.title}" broke off while downloading: ${(error as Error).message}.`,
    );
  }
  if (body.cut) throw tooLarge(info, limit, 'larger');
  return body.bytes;
}

const tooLarge = (info: AttachmentInfo, limit: number, size: string) =>
  new ApiError(
    `"${info.title}" is ${size} than the ${limitText(limit)} this server downloads: the download was stopped. Open it in ClickUp: ${info.url}`,
  );

/** The file as content: the image, or the text (cut at {@link MAX_TEXT_CHARS}, saying so). */
export function showFile(info: AttachmentInfo, bytes: Uint8Array): ToolResponse {
  const data = { id: info.id, title: info.title, type: info.mimetype, size: bytes.length };
  if (shownAs(info.mimetype) === 'image') {
    return toolResponse({
      content: [
        { type: 'image', data: Buffer.from(bytes).toString('base64'), mimeType: info.mimetype.toLowerCase() },
      ],
      data,
    });
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError(
      `"${info.title}" says it is ${info.mimetype} but is not UTF-8 text, so it cannot be shown. Open it in ClickUp: ${info.url}`,
    );
  }
  const cut = text.length > MAX_TEXT_CHARS;
  // The text first, then (core appends it) what it is: the model reads the file, then its facts.
  return toolResponse({
    content: [{ type: 'text', text: cut ? text.slice(0, MAX_TEXT_CHARS) : text }],
    data: cut
      ? { ...data, note: `only the first ${MAX_TEXT_CHARS} of its ${text.length} characters are shown` }
      : data,
  });
}
