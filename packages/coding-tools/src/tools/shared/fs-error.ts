/**
 * File-system failures the model can act on (permission denied, a path component that is a file,
 * a read-only or full disk…) become ValidationErrors that say what happened and what to do; any
 * other error is re-thrown unchanged (a bug, reported as such by BaseTool).
 */
import { ToolsmithError, ValidationError } from '@toolsmith/core';
import { SYMLINKED_FOLDER } from '../../session/root-fs.ts';

const EXPLANATIONS: Readonly<Record<string, string>> = {
  ENOENT:
    'the file or a folder on its path does not exist (it may have been removed or renamed meanwhile). Check the path and try again',
  [SYMLINKED_FOLDER]:
    'a folder on the path is now a symlink (changed after the path was checked); file tools do not write through symlinks, so nothing was written. Check the path and try again',
  EACCES: 'permission denied. Choose a path you can access, or ask the user to fix the permissions',
  EPERM: 'the operation is not permitted. Choose another path, or ask the user to fix the permissions',
  ENOTDIR: 'a part of the path is a file, not a folder. Check the path',
  EEXIST: 'a file exists where the path needs a folder. Check the path',
  EISDIR: 'the path is a folder, not a file. Give a file path',
  ENAMETOOLONG: 'the path is too long. Use a shorter name',
  ELOOP: 'the path goes through a symlink loop. Use the real path',
  EROFS: 'the file system is read-only. Choose a writable location',
  ENOSPC: 'the disk is full. Ask the user to free space',
  EDQUOT: 'the disk quota is exceeded. Ask the user to free space',
  EBUSY: 'the file is busy (locked by another process). Try again later',
  EMFILE: 'too many files are open. Try again in a moment',
};

/** Runs `work`; a known file-system failure becomes a ValidationError on `field`. */
export function explainFsErrors<T>(toolName: string, field: string, shown: string, work: () => T): T {
  try {
    const result = work();
    if (result instanceof Promise) {
      return result.catch((error: unknown) => {
        throw translate(error, toolName, field, shown);
      }) as T;
    }
    return result;
  } catch (error) {
    throw translate(error, toolName, field, shown);
  }
}

function translate(error: unknown, toolName: string, field: string, shown: string): unknown {
  if (ToolsmithError.isInstance(error)) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const explanation = code === undefined ? undefined : EXPLANATIONS[code];
  if (!explanation) return error;
  return new ValidationError({
    toolName,
    issues: [{ field, message: `${shown}: ${explanation} (${code}).` }],
    cause: error,
  });
}
