/**
 * Writes a planned patch to disk as one unit: every file is written atomically (temp file +
 * rename) with its mode set before the rename, deletions come after all writes, and if any step
 * throws, the files already changed are restored from their in-memory originals (bytes and mode)
 * and the folders the patch created are removed again. With a root, every operation goes through
 * `root-fs.ts`: nothing lands outside the root even when a folder is swapped for a symlink meanwhile.
 */
import { removeDirectory, removeFile, writeFileAtomic } from '../../session/root-fs.ts';
import type { FileChange } from './plan-patch.ts';

/** The file-system calls a commit makes (replaceable to test failures). */
export interface CommitFileSystem {
  /**
   * Atomic write with the given permission bits (default: the replaced file's); creates missing
   * parent folders and returns them, outermost first.
   */
  writeFile(file: string, content: string | Uint8Array, mode?: number): readonly string[];
  removeFile(file: string): void;
  /** Removes an empty folder (fails when it is not empty). */
  removeDirectory(dir: string): void;
}

/** The node file system, confined to `root` (or plain path operations without one). */
export function rootCommitFileSystem(root: string | undefined): CommitFileSystem {
  return {
    writeFile: (file, content, mode) => writeFileAtomic(file, content, { root, mode }),
    removeFile: (file) => removeFile(file, root),
    removeDirectory: (dir) => removeDirectory(dir, root),
  };
}

/** Plain path operations (no root to stay in). */
export const nodeCommitFileSystem: CommitFileSystem = rootCommitFileSystem(undefined);

export type CommitResult =
  | { ok: true }
  | {
      ok: false;
      /** The file whose write or deletion failed. */
      file: string;
      error: unknown;
      /** Files that could not be restored (they may hold patched content or be missing). */
      unrestored: string[];
    };

/** Applies `changes`; on failure rolls back and reports what failed. */
export function commitChanges(
  changes: readonly FileChange[],
  fs: CommitFileSystem = nodeCommitFileSystem,
): CommitResult {
  const ordered = [
    ...changes.filter((change) => change.content !== undefined),
    ...changes.filter((change) => change.content === undefined),
  ];
  const done: FileChange[] = [];
  const createdDirectories: string[] = [];
  let current: FileChange | undefined;
  try {
    for (const change of ordered) {
      current = change;
      if (change.content === undefined) {
        fs.removeFile(change.file);
        done.push(change);
        continue;
      }
      const mode = change.original === undefined ? change.mode : undefined;
      createdDirectories.push(
        ...fs.writeFile(change.file, change.content, mode === undefined ? undefined : mode & 0o7777),
      );
      done.push(change);
    }
    return { ok: true };
  } catch (error) {
    return {
      ok: false,
      file: current?.file ?? '',
      error,
      unrestored: rollback(done, createdDirectories, fs),
    };
  }
}

function rollback(
  done: readonly FileChange[],
  createdDirectories: readonly string[],
  fs: CommitFileSystem,
): string[] {
  const unrestored: string[] = [];
  for (const change of [...done].reverse()) {
    try {
      if (change.original === undefined) {
        fs.removeFile(change.file);
      } else {
        fs.writeFile(change.file, change.original.bytes, change.original.mode & 0o7777);
      }
    } catch {
      unrestored.push(change.file);
    }
  }
  for (const dir of [...createdDirectories].reverse()) {
    try {
      fs.removeDirectory(dir);
    } catch {
      // Not empty (something else wrote there) or already gone: leave it.
    }
  }
  return unrestored;
}
