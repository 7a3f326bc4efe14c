/**
 * Reading a file to upload, safely: only files inside CLICKUP_UPLOAD_DIR are read, under core's
 * confinement rules (`@toolsmith/core/files`: resolved against the folder, checked as written and with
 * symlinks resolved, opened without following a final symlink, the opened file checked again);
 * bytes sent inline as base64 are checked by core too.
 */
import { uploadBytes as readOrDecode, type UploadSource } from '@toolsmith/core/files';

/** Largest file this server sends in one call (ClickUp takes up to 1 GB; an MCP call should not). */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

/**
 * The bytes of exactly one of `path` (inside `uploadDir`) and `content_base64` (or a data: URL);
 * refuses neither or both, what is not base64, what lies outside the folder, and what is too large.
 */
export function uploadBytes(
  uploadDir: string | undefined,
  source: UploadSource,
): Promise<Uint8Array<ArrayBuffer>> {
  return readOrDecode(source, {
    dir: uploadDir,
    variable: 'CLICKUP_UPLOAD_DIR',
    maxBytes: MAX_UPLOAD_BYTES,
    instead: 'content_base64 with file_name',
    elsewhere: 'attach it in ClickUp',
    fields: { path: 'path', content: 'content_base64' },
  });
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
