/**
 * Writes, deletions and folder creation that stay inside the root even while someone swaps a folder
 * of the path for a symlink.
 *
 * `resolveInRoot` checks a path once; a write that then goes by path name re-resolves every folder,
 * so a folder replaced by a symlink in between would send the file out of the root. Here the path is
 * walked from the root one folder at a time, each opened with `O_DIRECTORY | O_NOFOLLOW` (a symlink
 * is refused, not followed), and every operation is made relative to the folder just opened: on
 * Linux through `/proc/self/fd/<fd>/<name>`, which the kernel resolves from the open folder itself
 * (the `openat` family, which Node does not expose). The temporary file is created with `O_EXCL`
 * there, written and given its mode through its descriptor, then renamed in the same folder; a
 * swap after the folder was opened changes nothing, because the descriptor still names the real
 * folder.
 *
 * Without `/proc/self/fd` (macOS, BSD), each folder is checked with `lstat` before the write and
 * its real path again before the rename. That narrows the window but cannot close it; the
 * documentation says so.
 *
 * With no `root` (a session that allows paths outside the root) the operations are plain path
 * operations.
 */
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  realpathSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL } = constants;
// Undefined on Windows, where the plain path operations are used.
const O_DIRECTORY = constants.O_DIRECTORY as number | undefined;
const O_NOFOLLOW = constants.O_NOFOLLOW as number | undefined;
const FD_PATHS = '/proc/self/fd';

/** The code of errors for a folder of the path that is not a real folder (a symlink put there). */
export const SYMLINKED_FOLDER = 'ESYMLINKEDFOLDER';

/** A folder on the path is a symlink (put there after the path was checked, or a dangling one). */
export class SymlinkedFolderError extends Error {
  readonly code = SYMLINKED_FOLDER;
  readonly path: string;

  constructor(folder: string) {
    super(`${folder} is a symlink, not a folder: nothing is written through it`);
    this.name = 'SymlinkedFolderError';
    this.path = folder;
  }
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

let fdPaths: boolean | undefined;

/** Tests only: `false` forces the fallback without fd paths; `undefined` detects them again. */
export function useFdPaths(enabled: false | undefined): void {
  fdPaths = enabled;
}

/** Whether `/proc/self/fd/<fd>/<name>` reaches `<name>` in the open folder `<fd>` (checked once). */
export function fdPathsWork(): boolean {
  if (fdPaths !== undefined) return fdPaths;
  fdPaths = false;
  if (process.platform !== 'linux' || O_DIRECTORY === undefined || O_NOFOLLOW === undefined) return false;
  let fd: number | undefined;
  try {
    fd = openSync('/', O_RDONLY | O_DIRECTORY);
    const opened = fstatSync(fd);
    const seen = statSync(`${FD_PATHS}/${fd}/.`);
    fdPaths = opened.dev === seen.dev && opened.ino === seen.ino;
  } catch {
    fdPaths = false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  return fdPaths;
}

/** The parts of `file` below `root`; throws when it is the root or outside it. */
function partsBelow(root: string, file: string): string[] {
  const relative = path.relative(root, file);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) {
    const error = new Error(`${file} is not inside ${root}`) as NodeJS.ErrnoException;
    error.code = relative === '' ? 'EISDIR' : 'EXDEV';
    throw error;
  }
  return relative.split(path.sep);
}

/** An open folder: its descriptor and its path as the user knows it. */
interface Folder {
  fd: number;
  path: string;
}

/** `name` inside the open folder, as a path the kernel resolves from the descriptor. */
const at = (folder: Folder, name: string) => `${FD_PATHS}/${folder.fd}/${name}`;

/** Error messages name the real folder, not `/proc/self/fd/<n>`. */
function withRealPath(error: unknown, folder: Folder): unknown {
  // With the slash: the prefix of fd 1 must not match inside `/proc/self/fd/12/…`.
  const prefix = `${FD_PATHS}/${folder.fd}/`;
  const real = `${folder.path}${path.sep}`;
  const failure = error as (NodeJS.ErrnoException & { dest?: string }) | undefined;
  if (typeof failure?.message !== 'string') return error;
  failure.message = failure.message.replaceAll(prefix, real);
  if (typeof failure.path === 'string') failure.path = failure.path.replace(prefix, real);
  if (typeof failure.dest === 'string') failure.dest = failure.dest.replace(prefix, real);
  return error;
}

/** Opens `name` in `parent` as a folder, refusing a symlink. */
function openChild(parent: Folder, name: string): Folder {
  const child = path.join(parent.path, name);
  try {
    return { fd: openSync(at(parent, name), O_RDONLY | O_DIRECTORY! | O_NOFOLLOW!), path: child };
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ELOOP' || code === 'ENOTDIR') {
      let symlink = false;
      try {
        symlink = lstatSync(at(parent, name)).isSymbolicLink();
      } catch {
        // Gone again: report the original failure.
      }
      if (symlink) throw new SymlinkedFolderError(child);
    }
    throw withRealPath(error, parent);
  }
}

/**
 * Opens the folder that holds `file`, walking from `root` without following a symlink. With
 * `created`, missing folders are made (and listed there, outermost first).
 */
function openParent(root: string, file: string, created?: string[]): { folder: Folder; name: string } {
  const parts = partsBelow(root, file);
  const name = parts.pop()!;
  let folder: Folder = { fd: openSync(root, O_RDONLY | O_DIRECTORY!), path: root };
  try {
    for (const part of parts) {
      let child: Folder;
      try {
        child = openChild(folder, part);
      } catch (error) {
        if (!created || errorCode(error) !== 'ENOENT') throw error;
        try {
          mkdirSync(at(folder, part));
          created.push(path.join(folder.path, part));
        } catch (failure) {
          if (errorCode(failure) !== 'EEXIST') throw withRealPath(failure, folder);
        }
        child = openChild(folder, part);
      }
      closeSync(folder.fd);
      folder = child;
    }
  } catch (error) {
    closeSync(folder.fd);
    throw error;
  }
  return { folder, name };
}

/** Runs `work` on the open folder holding `file`, then closes it. */
function inParent<T>(
  root: string,
  file: string,
  created: string[] | undefined,
  work: (folder: Folder, name: string) => T,
): T {
  const { folder, name } = openParent(root, file, created);
  try {
    return work(folder, name);
  } catch (error) {
    throw withRealPath(error, folder);
  } finally {
    closeSync(folder.fd);
  }
}

const temporaryName = () => `.tmp-${randomBytes(6).toString('hex')}`;

export interface WriteOptions {
  /** The folder nothing may be written outside of; undefined for plain path operations. */
  root?: string | undefined;
  /** Permission bits of the file; default: those of the file it replaces, else 0o666 less umask. */
  mode?: number | undefined;
}

/**
 * Writes `content` so that readers see either the old file or the new one, never a mix: a
 * temporary file in the same folder (a short name, so any file name fits), renamed over the
 * target. Missing folders are created; returns them, outermost first (a failed write removes them
 * again).
 */
export function writeFileAtomic(
  file: string,
  content: string | Uint8Array,
  options: WriteOptions = {},
): string[] {
  const { root, mode } = options;
  const created: string[] = [];
  try {
    write(file, content, root, mode, created);
  } catch (error) {
    // Leave no folder behind that only this write needed.
    for (const dir of created.reverse()) {
      try {
        removeDirectory(dir, root);
      } catch {
        // Not empty (something else wrote there) or gone: leave it.
      }
    }
    throw error;
  }
  return created;
}

function write(
  file: string,
  content: string | Uint8Array,
  root: string | undefined,
  mode: number | undefined,
  created: string[],
): void {
  if (root === undefined) {
    plainWrite(file, content, mode, created);
  } else if (fdPathsWork()) {
    inParent(root, file, created, (folder, name) => {
      let keep = mode;
      if (keep === undefined) {
        const info = lstatSync(at(folder, name), { throwIfNoEntry: false });
        if (info?.isFile()) keep = info.mode & 0o7777;
      }
      const temporary = at(folder, temporaryName());
      const fd = openSync(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW!, 0o666);
      try {
        try {
          writeFileSync(fd, content);
          if (keep !== undefined) fchmodSync(fd, keep);
        } finally {
          closeSync(fd);
        }
        renameSync(temporary, at(folder, name));
      } catch (error) {
        try {
          rmSync(temporary, { force: true });
        } catch {
          // Cleanup must not hide the original failure.
        }
        throw error;
      }
    });
  } else {
    checkedWrite(root, file, content, mode, created);
  }
}

/** Deletes one file (a symlink itself, never its target). */
export function removeFile(file: string, root?: string): void {
  if (root === undefined) unlinkSync(file);
  else if (fdPathsWork()) inParent(root, file, undefined, (folder, name) => unlinkSync(at(folder, name)));
  else {
    checkFolders(root, path.dirname(file));
    unlinkSync(file);
  }
}

/** Removes an empty folder (fails when it is not empty). */
export function removeDirectory(dir: string, root?: string): void {
  if (root === undefined) rmdirSync(dir);
  else if (fdPathsWork()) inParent(root, dir, undefined, (folder, name) => rmdirSync(at(folder, name)));
  else {
    checkFolders(root, path.dirname(dir));
    rmdirSync(dir);
  }
}

function plainWrite(
  file: string,
  content: string | Uint8Array,
  mode: number | undefined,
  created: string[],
): void {
  const dir = path.dirname(file);
  const first = mkdirSync(dir, { recursive: true });
  if (first !== undefined) {
    for (let current = dir; current.length >= first.length; current = path.dirname(current)) {
      created.unshift(current);
      if (current === first) break;
    }
  }
  replaceByRename(file, content, mode);
}

function replaceByRename(
  file: string,
  content: string | Uint8Array,
  mode: number | undefined,
  verify?: (temporary: string, fd: number) => void,
): void {
  const temporary = path.join(path.dirname(file), temporaryName());
  let keep = mode;
  if (keep === undefined) {
    const info = lstatSync(file, { throwIfNoEntry: false });
    if (info?.isFile()) keep = info.mode & 0o7777;
  }
  try {
    const fd = openSync(temporary, O_WRONLY | O_CREAT | O_EXCL | (O_NOFOLLOW ?? 0), 0o666);
    try {
      // Checked before the content goes in: a file misplaced by a swap stays empty.
      verify?.(temporary, fd);
      writeFileSync(fd, content);
      if (keep !== undefined) fchmodSync(fd, keep);
      verify?.(temporary, fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
  } catch (error) {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // Cleanup must not hide the original failure.
    }
    throw error;
  }
}

/**
 * Checks with `lstat` that every folder from `root` down to `dir` is a real folder; with `created`,
 * makes the missing ones.
 */
function checkFolders(root: string, dir: string, created?: string[]): void {
  let current = root;
  const parts = dir === root ? [] : partsBelow(root, dir);
  for (const part of parts) {
    current = path.join(current, part);
    const info = lstatSync(current, { throwIfNoEntry: false });
    if (info?.isSymbolicLink()) throw new SymlinkedFolderError(current);
    if (info) continue;
    if (!created) {
      const error = new Error(`ENOENT: no such file or directory, '${current}'`) as NodeJS.ErrnoException;
      error.code = 'ENOENT';
      throw error;
    }
    try {
      mkdirSync(current);
      created.push(current);
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
      if (lstatSync(current).isSymbolicLink()) throw new SymlinkedFolderError(current);
    }
  }
}

/**
 * Without fd paths: the folders are checked before the write, and again, with the temporary file
 * found in the real folder (same inode as the one written), before its content goes in and before
 * the rename. Swaps between two checks can still leave an empty temporary file outside, and one
 * inside the rename system call could move the file out: Node offers nothing closer to `openat`.
 */
function checkedWrite(
  root: string,
  file: string,
  content: string | Uint8Array,
  mode: number | undefined,
  created: string[],
): void {
  const dir = path.dirname(file);
  checkFolders(root, dir, created);
  replaceByRename(file, content, mode, (temporary, fd) => {
    checkFolders(root, dir);
    const opened = fstatSync(fd);
    const found = lstatSync(temporary, { throwIfNoEntry: false });
    if (realpathSync(dir) !== dir || found?.ino !== opened.ino || found.dev !== opened.dev) {
      throw new SymlinkedFolderError(dir);
    }
  });
}
