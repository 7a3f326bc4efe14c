/**
 * Writing generated files: everything is checked before anything is written, and an existing file
 * is only replaced with `force`. Paths are relative to the root and may not leave it.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { GeneratorError } from './generator-error.ts';

export interface PlannedFile {
  /** Relative to the root, with `/` separators. */
  readonly path: string;
  readonly content: string;
  /** `create`: a new file (an existing one needs `force`); `update`: an edit of a file that exists. */
  readonly action: 'create' | 'update';
  /** Make the file executable (a bin). */
  readonly executable?: boolean;
}

export type WriteStatus = 'created' | 'overwritten' | 'updated' | 'unchanged';

export interface WrittenFile {
  readonly path: string;
  readonly status: WriteStatus;
}

function absolute(root: string, path: string): string {
  const target = resolve(root, path);
  const inside = relative(root, target);
  if (isAbsolute(path) || inside.startsWith('..') || isAbsolute(inside)) {
    throw new Error(`Generated path "${path}" leaves the root ${root}; this is a bug in the generator.`);
  }
  return target;
}

/** Existing files the plan would replace without `force`. */
export function conflictsOf(root: string, files: readonly PlannedFile[]): string[] {
  return files.filter((f) => f.action === 'create' && existsSync(absolute(root, f.path))).map((f) => f.path);
}

/**
 * Writes the plan. Throws a conflict GeneratorError, before writing anything, when a file to create
 * exists and `force` is not set.
 */
export function writePlan(
  root: string,
  files: readonly PlannedFile[],
  { force = false } = {},
): WrittenFile[] {
  const conflicts = conflictsOf(root, files);
  if (conflicts.length > 0 && !force) {
    throw GeneratorError.conflict(
      ...conflicts.map((path) => ({
        subject: path,
        problem: 'already exists.',
        howToFix: 'Pass --force to overwrite it, or choose another name.',
      })),
    );
  }
  return files.map((file) => {
    const target = absolute(root, file.path);
    const existed = existsSync(target);
    if (existed && readFileSync(target, 'utf8') === file.content)
      return { path: file.path, status: 'unchanged' };
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, file.content);
    if (file.executable) chmodSync(target, 0o755);
    const status: WriteStatus = !existed ? 'created' : file.action === 'update' ? 'updated' : 'overwritten';
    return { path: file.path, status };
  });
}
