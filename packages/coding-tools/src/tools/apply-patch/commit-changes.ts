/**
 * Writes a planned patch to disk as one unit: every file is written atomically (temp file +
 * rename), deletions come after all writes, and if any step throws, the files already changed are
 * restored from their in-memory originals (bytes and mode) and the folders the patch created are
 * removed again.
 */
import { chmodSync, existsSync, rmdirSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../../session/text-file.ts';
import type { FileChange } from './plan-patch.ts';

/** The file-system calls a commit makes (replaceable to test failures). */
export interface CommitFileSystem {
  /** Atomic write; creates missing parent folders. */
  writeFile(file: string, content: string | Uint8Array): void;
  removeFile(file: string): void;
  chmod(file: string, mode: number): void;
  /** Removes an empty folder (fails when it is not empty). */
  removeDirectory(dir: string): void;
}

export const nodeCommitFileSystem: CommitFileSystem = {
  writeFile: writeFileAtomic,
  removeFile: unlinkSync,
  chmod: chmodSync,
  removeDirectory: rmdirSync,
};

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

/** Folders between `dir` and its nearest existing ancestor, outermost first. */
function missingDirectories(dir: string): string[] {
  const missing: string[] = [];
  for (
    let current = dir;
    !existsSync(current) && current !== path.dirname(current);
    current = path.dirname(current)
  ) {
    missing.unshift(current);
  }
  return missing;
}

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
      createdDirectories.push(...missingDirectories(path.dirname(change.file)));
      fs.writeFile(change.file, change.content);
      done.push(change);
      if (change.original === undefined && change.mode !== undefined)
        fs.chmod(change.file, change.mode & 0o7777);
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
        fs.writeFile(change.file, change.original.bytes);
        fs.chmod(change.file, change.original.mode & 0o7777);
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
