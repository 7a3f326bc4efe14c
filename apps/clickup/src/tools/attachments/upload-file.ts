/**
 * Reading a file to upload, safely. A client-chosen path on a server could read anything the server
 * can (its environment, its secrets), so only files inside CLICKUP_UPLOAD_DIR are read: the path is
 * resolved against it, checked as written and again with symlinks resolved, and opened without
 * following a final symlink.
 */
import type { FileHandle } from 'node:fs/promises';
import { ToolsmithError, ValidationError } from '@toolsmith/core';

// node:fs/promises and node:path on first use, not when the server starts.
const fs = () => process.getBuiltinModule('node:fs/promises');
const path = () => process.getBuiltinModule('node:path');

/** Largest file this server sends in one call (ClickUp takes up to 1 GB; an MCP call should not). */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

const refuse = (field: string, message: string) => new ValidationError({ issues: [{ field, message }] });

function inside(root: string, target: string): boolean {
  const relative = path().relative(root, target);
  return (
    relative !== '' &&
    relative !== '..' &&
    !relative.startsWith(`..${path().sep}`) &&
    !path().isAbsolute(relative)
  );
}

/** The bytes of `requested`, a path relative to (or inside) `uploadDir`. */
export async function readUploadFile(
  uploadDir: string | undefined,
  requested: string,
): Promise<Uint8Array<ArrayBuffer>> {
  if (uploadDir === undefined) {
    throw refuse(
      'path',
      'cannot be used: CLICKUP_UPLOAD_DIR is not set, so this server reads no local files. Pass the file as content_base64 with file_name, or ask the operator to set CLICKUP_UPLOAD_DIR to the directory uploads may come from.',
    );
  }
  let root: string;
  try {
    root = await fs().realpath(uploadDir);
    if (!(await fs().stat(root)).isDirectory()) throw new Error('not a directory');
  } catch {
    throw refuse(
      'path',
      `cannot be used: CLICKUP_UPLOAD_DIR (${uploadDir}) is not an existing directory. Ask the operator to fix CLICKUP_UPLOAD_DIR, or pass content_base64.`,
    );
  }
  const configured = path().resolve(uploadDir);
  const candidate = path().resolve(configured, requested);
  const outside = () =>
    refuse(
      'path',
      `points outside the upload directory (CLICKUP_UPLOAD_DIR = ${uploadDir}). Only files inside it can be uploaded: give a path relative to it, e.g. "report.pdf", or pass content_base64. Nothing was sent.`,
    );
  if (!inside(configured, candidate) && !inside(root, candidate)) throw outside();
  let real: string;
  try {
    real = await fs().realpath(candidate);
  } catch {
    throw refuse(
      'path',
      `"${requested}" does not exist in the upload directory (CLICKUP_UPLOAD_DIR = ${uploadDir}). Check the name; paths are relative to that directory.`,
    );
  }
  if (!inside(root, real)) throw outside();
  let handle: FileHandle;
  try {
    handle = await fs().open(real, fs().constants.O_RDONLY | (fs().constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    throw new ToolsmithError({
      code: 'local_file_error',
      userFacing: true,
      message: `Could not read "${path().basename(requested)}" (${(error as NodeJS.ErrnoException).code ?? 'error'}). Check that the server may read it, or pass content_base64.`,
      cause: error,
    });
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile())
      throw refuse('path', `"${requested}" is not a regular file. Give the path of a file.`);
    if (stat.size > MAX_UPLOAD_BYTES) throw tooLarge('path', stat.size);
    return new Uint8Array(await handle.readFile());
  } finally {
    await handle.close();
  }
}

export const tooLarge = (field: string, size: number) =>
  refuse(
    field,
    `is ${(size / 1024 / 1024).toFixed(1)} MiB; this server uploads at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MiB per file. Compress or split it, or attach it in ClickUp. Nothing was sent.`,
  );

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** Base64 (or a data: URL) as bytes; refuses what is not base64. */
export function decodeBase64(content: string): Uint8Array<ArrayBuffer> {
  const text = content.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
  if (!BASE64.test(text) || text.length % 4 === 1) {
    throw refuse(
      'content_base64',
      'is not valid base64. Encode the file bytes with standard base64 (A–Z, a–z, 0–9, +, /, = padding).',
    );
  }
  const size = Math.floor((text.length * 3) / 4);
  if (size > MAX_UPLOAD_BYTES) throw tooLarge('content_base64', size);
  const decoded = Buffer.from(text, 'base64');
  return new Uint8Array(decoded.buffer.slice(decoded.byteOffset, decoded.byteOffset + decoded.byteLength));
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
