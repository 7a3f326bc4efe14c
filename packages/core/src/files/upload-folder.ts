/**
 * Reading a client-named file on a server, confined to one folder. A path chosen by a client could
 * read anything the server can (`/proc/self/environ`, its own secrets), so a server that accepts
 * paths reads only inside the folder its operator configured: the path is resolved against the
 * folder and checked as written, checked again with symlinks resolved, opened without following a
 * final symlink, and — where the system says which file a descriptor holds (Linux `/proc`) — the
 * opened file is checked once more, so a folder swapped for a symlink between the check and the open
 * is caught too. Every refusal names the variable that sets the folder and what to do instead.
 */
import type { FileHandle } from 'node:fs/promises';
import { ToolsmithError } from '../errors/toolsmith-error.ts';
import { ValidationError } from '../errors/validation-error.ts';

// node:fs/promises and node:path on first use (an upload), not when the server starts:
// process.getBuiltinModule builds no ES module facade for them.
const fs = () => process.getBuiltinModule('node:fs/promises');
const path = () => process.getBuiltinModule('node:path');

/** How large a file a server takes, and where else it can go. */
export interface UploadLimits {
  /** Largest file read, in bytes. */
  readonly maxBytes: number;
  /** Where else the file can go when it is too large, after "or": "attach it in ClickUp". */
  readonly elsewhere: string;
}

/** The folder uploads may come from, and how refusals about it read. */
export interface UploadFolder extends UploadLimits {
  /** The configured folder; `undefined` when the server reads no local files. */
  readonly dir: string | undefined;
  /** The environment variable that sets it, named in refusals (`CLICKUP_UPLOAD_DIR`). */
  readonly variable: string;
  /** How the caller can pass the file instead, after "pass the file as": "`contentBase64`". */
  readonly instead: string;
  /** The parameter that names the file (default `path`). */
  readonly field?: string;
}

/** An open file inside the folder; close `handle` when done. */
export interface UploadFile {
  readonly handle: FileHandle;
  readonly size: number;
}

/** A size for people: "512 bytes", "4.9 KiB", "50 MiB", "50.0 MiB" (a whole MiB has no decimals). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(bytes % (1024 * 1024) === 0 ? 0 : 1)} MiB`;
}

/** Whether `target` lies strictly inside `root` (both absolute). */
export function isInside(root: string, target: string): boolean {
  const relative = path().relative(root, target);
  return (
    relative !== '' &&
    relative !== '..' &&
    !relative.startsWith(`..${path().sep}`) &&
    !path().isAbsolute(relative)
  );
}

const refuse = (field: string, message: string) => new ValidationError({ issues: [{ field, message }] });

/** The refusal of a file larger than the folder's limit (also for bytes that came another way). */
export function fileTooLarge(limits: UploadLimits, size: number, field: string): ValidationError {
  return refuse(
    field,
    `is ${formatFileSize(size)}; this server uploads at most ${formatFileSize(limits.maxBytes)} per file. Compress or split the file, or ${limits.elsewhere}. Nothing was sent.`,
  );
}

/**
 * Opens `requested` (relative to the folder, or absolute inside it) for reading, refusing anything
 * that is not a regular file really inside the folder or is larger than `maxBytes`.
 */
export async function openUploadFile(folder: UploadFolder, requested: string): Promise<UploadFile> {
  const { dir, variable, instead } = folder;
  const field = folder.field ?? 'path';
  if (dir === undefined) {
    throw refuse(
      field,
      `is not allowed on this server: ${variable} is not set, so the server reads no local files. Pass the file as ${instead}, or ask the operator to set ${variable} to a directory uploads may come from.`,
    );
  }
  if (requested.includes('\0')) {
    throw refuse(
      field,
      'contains a NUL character. Give the plain path of a file inside the upload directory.',
    );
  }
  let root: string;
  try {
    root = await fs().realpath(dir);
    if (!(await fs().stat(root)).isDirectory()) throw new Error('not a directory');
  } catch {
    throw refuse(
      field,
      `cannot be used: ${variable} (${dir}) is not an existing directory. Ask the operator to fix ${variable}, or pass the file as ${instead}.`,
    );
  }
  const configured = path().resolve(dir);
  const candidate = path().resolve(configured, requested);
  const outside = () =>
    refuse(
      field,
      `points outside the upload directory (${variable} = ${dir}). Only files inside it can be uploaded: give a path relative to it, e.g. "report.pdf", or pass the file as ${instead}. Nothing was sent.`,
    );
  if (!isInside(configured, candidate) && !isInside(root, candidate)) throw outside();
  let real: string;
  try {
    real = await fs().realpath(candidate);
  } catch {
    throw refuse(
      field,
      `"${requested}" does not exist in the upload directory (${variable} = ${dir}). Check the name; paths are relative to that directory.`,
    );
  }
  if (!isInside(root, real)) throw outside();
  let handle: FileHandle;
  try {
    handle = await fs().open(real, fs().constants.O_RDONLY | (fs().constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    // ELOOP: the file became a symlink after the check.
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw outside();
    throw new ToolsmithError({
      code: 'local_file_error',
      userFacing: true,
      message: `Could not read "${path().basename(requested)}" (${(error as NodeJS.ErrnoException).code ?? 'error'}). Check that the server may read it, or pass the file as ${instead}.`,
      cause: error,
    });
  }
  try {
    const opened = await openedPath(handle);
    if (opened !== undefined && !isInside(root, opened)) throw outside();
    const stat = await handle.stat();
    if (!stat.isFile()) {
      throw refuse(
        field,
        `"${requested}" is not a regular file. Give the path of a file inside the upload directory.`,
      );
    }
    if (stat.size > folder.maxBytes) throw fileTooLarge(folder, stat.size, field);
    return { handle, size: stat.size };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** The bytes of `requested`, read under the rules of {@link openUploadFile}. */
export async function readUploadFile(
  folder: UploadFolder,
  requested: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const { handle, size } = await openUploadFile(folder, requested);
  try {
    const bytes = new Uint8Array(await handle.readFile());
    // The file grew after the size check: refuse rather than send more than the limit.
    if (bytes.byteLength > folder.maxBytes) {
      throw fileTooLarge(folder, Math.max(size, bytes.byteLength), folder.field ?? 'path');
    }
    return bytes;
  } finally {
    await handle.close();
  }
}

/** The path the system says the descriptor holds (Linux), or `undefined` where it cannot say. */
async function openedPath(handle: FileHandle): Promise<string | undefined> {
  if (process.platform !== 'linux') return undefined;
  try {
    return await fs().readlink(`/proc/self/fd/${handle.fd}`);
  } catch {
    return undefined;
  }
}
