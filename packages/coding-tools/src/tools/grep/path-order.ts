/**
 * The order Grep lists files in, whatever the backend: directory by directory, names compared
 * within each directory (what `rg --sort path` does). So `a/b.ts` comes before `a-b.ts`, because the
 * directory `a` sorts before the file `a-b.ts`.
 */
export function compareSearchPaths(a: string, b: string): number {
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
