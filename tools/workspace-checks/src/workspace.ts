/** Paths and readers for the workspace checks. */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../../..');

export function readJson<T = Record<string, unknown>>(path: string): T {
  return JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as T;
}

export function readText(path: string): string {
  return readFileSync(join(ROOT, path), 'utf8');
}

/** Workspace project folders (`packages/x`, `apps/y`, `tools/z`) that have a package.json. */
export function projectDirs(group: 'packages' | 'apps' | 'tools'): string[] {
  const base = join(ROOT, group);
  if (!existsSync(base)) return [];
  const direct = readdirSync(base, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(base, d.name, 'package.json')))
    .map((d) => `${group}/${d.name}`);
  // API emulators are projects one level deeper (tools/emulators/<api>).
  const emulators =
    group === 'tools' && existsSync(join(base, 'emulators')) ? projectDirs('tools/emulators' as 'tools') : [];
  return [...direct, ...emulators];
}
