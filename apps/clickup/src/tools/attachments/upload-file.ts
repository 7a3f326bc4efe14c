/**
 * Reading a file to upload, safely: only files inside CLICKUP_UPLOAD_DIR are read, under core's
 * confinement rules (`@toolsmith/core/files`: resolved against the folder, checked as written and with
 * symlinks resolved, opened without following a final symlink, the opened file checked again);
 * bytes sent inline as base64 are checked by core too.
 */
import {
  decodeBase64 as decodeInline,
  readUploadFile as readInsideFolder,
  type UploadFolder,
} from '@toolsmith/core/files';

/** Largest file this server sends in one call (ClickUp takes up to 1 GB; an MCP call should not). */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

const uploadFolder = (dir: string | undefined): UploadFolder => ({
  dir,
  variable: 'CLICKUP_UPLOAD_DIR',
  maxBytes: MAX_UPLOAD_BYTES,
  instead: 'content_base64 with file_name',
  elsewhere: 'attach it in ClickUp',
});

/** The bytes of `requested`, a path relative to (or inside) `uploadDir`. */
export function readUploadFile(
  uploadDir: string | undefined,
  requested: string,
): Promise<Uint8Array<ArrayBuffer>> {
  return readInsideFolder(uploadFolder(uploadDir), requested);
}

/** `content_base64` (or a data: URL) as bytes; refuses what is not base64 or is too large. */
export function decodeBase64(content: string): Uint8Array<ArrayBuffer> {
  return decodeInline(content, uploadFolder(undefined), 'content_base64');
}

const MIME: Readonly<Record<string, string>> = {
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  json: 'application/json',
  log: 'text/plain',
  html: 'text/html',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  zip: 'application/zip',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A MIME type from the file name's extension (ClickUp re-detects it; this is a courtesy). */
export function mimeTypeOf(fileName: string): string {
  const extension = fileName.includes('.') ? fileName.split('.').pop()!.toLowerCase() : '';
  return MIME[extension] ?? 'application/octet-stream';
}
