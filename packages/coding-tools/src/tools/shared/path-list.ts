/**
 * Lists of paths as the file tools show them: relative to the project root, in one path order
 * (directory by directory, as `rg --sort path` and ListDir walk), and directory entries folders
 * first. Glob, Grep and ListDir share it, so they order and show paths alike.
 */
import type { Dirent } from 'node:fs';
import path from 'node:path';
import type { CodingSession } from '../../session/coding-session.ts';
import { displayPath } from '../../session/resolve-path.ts';

/**
 * Path order, directory by directory: names are compared within each directory, so `a/b.ts` comes
 * before `a-b.ts` (the directory `a` sorts before the file `a-b.ts`). Paths use `/`.
 */
export function comparePaths(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  const length = Math.min(left.length, right.length);
  for (let i = 0; i < length; i++) {
    const x = left[i]!;
    const y = right[i]!;
    if (x !== y) return x < y ? -1 : 1;
  }
  return left.length - right.length;
}

/** The first `count` of `paths` in path order, without sorting them all (one pass, a short list). */
export function firstInPathOrder(paths: readonly string[], count: number): string[] {
  const first: string[] = [];
  for (const candidate of paths) {
    if (first.length === count && comparePaths(candidate, first[count - 1]!) >= 0) continue;
    let low = 0;
    let high = first.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (comparePaths(first[mid]!, candidate) <= 0) low = mid + 1;
      else high = mid;
    }
    first.splice(low, 0, candidate);
    if (first.length > count) first.pop();
  }
  return first;
}

/** `relatives` (paths under `base`) as shown to the model: relative to the root. */
export function listPaths(session: CodingSession, base: string, relatives: readonly string[]): string[] {
  return relatives.map((relative) => displayPath(session, path.join(base, relative)));
}

/** Directory entries folders first, then by name (code-unit order). */
export function compareEntries(a: Dirent, b: Dirent): number {
  const dirA = a.isDirectory() ? 0 : 1;
  const dirB = b.isDirectory() ? 0 : 1;
  return dirA - dirB || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}
