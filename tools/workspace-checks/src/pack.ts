/**
 * What `npm pack` would publish for a workspace package, and the checks on it (pack.test.ts): every
 * bin and every export target is in the tarball, and every source map resolves inside it.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { promisify } from 'node:util';
import { projectDirs, readJson } from './workspace.ts';

const execFileAsync = promisify(execFile);

export interface PackageJson {
  name: string;
  version: string;
  private?: boolean;
  license?: string;
  bin?: string | Record<string, string>;
  main?: string;
  module?: string;
  types?: string;
  typings?: string;
  exports?: unknown;
  nx?: { targets?: Record<string, { dependsOn?: unknown[]; inputs?: unknown[] }> };
}

export interface PackedFile {
  path: string;
  size: number;
  mode: number;
}

export interface PackResult {
  name: string;
  version: string;
  /** The tarball's size in bytes. */
  size: number;
  unpackedSize: number;
  files: PackedFile[];
}

/**
 * The condition that points at `src/` for this repository only (docs/adr/0001): the tarball has no
 * `src/`, and no consumer sets the condition, so its targets are not entry points of the package.
 */
export const SOURCE_CONDITION = '@toolsmith/source';

/** Workspace folders of the packages that get published: under packages/ and apps/, not private. */
export function publishableDirs(): string[] {
  return [...projectDirs('packages'), ...projectDirs('apps')].filter(
    (dir) => readJson<PackageJson>(`${dir}/package.json`).private !== true,
  );
}

/** `npm pack --dry-run --json` in `dir` (an absolute path): the files the tarball would hold. */
export async function npmPackDryRun(dir: string): Promise<PackResult> {
  const { stdout } = await execFileAsync(
    'npm',
    ['pack', '--dry-run', '--json', '--ignore-scripts', '--loglevel=error'],
    { cwd: dir, maxBuffer: 64 * 1024 * 1024 },
  );
  const [result] = JSON.parse(stdout) as PackResult[];
  if (!result)
    throw new Error(`npm pack --dry-run --json in ${dir} printed no result: ${stdout.slice(0, 500)}`);
  return result;
}

export interface EntryPoint {
  /** Where package.json declares it, e.g. `bin.coding-tools-mcp` or `exports["./mcp"].types`. */
  field: string;
  /** The path as written (`./dist/index.js`). */
  target: string;
}

/** Every file package.json promises: bins, main/module/types, and each `exports` target except `@toolsmith/source`. */
export function declaredEntryPoints(pkg: PackageJson): EntryPoint[] {
  const entries: EntryPoint[] = [];
  if (typeof pkg.bin === 'string') entries.push({ field: 'bin', target: pkg.bin });
  else
    for (const [name, target] of Object.entries(pkg.bin ?? {}))
      entries.push({ field: `bin.${name}`, target });
  for (const field of ['main', 'module', 'types', 'typings'] as const) {
    const target = pkg[field];
    if (typeof target === 'string') entries.push({ field, target });
  }
  const walk = (value: unknown, field: string): void => {
    if (typeof value === 'string') entries.push({ field, target: value });
    else if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${field}[${i}]`));
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key !== SOURCE_CONDITION) walk(inner, `${field}[${JSON.stringify(key)}]`);
      }
    }
  };
  walk(pkg.exports, 'exports');
  // Subpath patterns (`./*`) are matched by publint; only literal paths are checked here.
  return entries.filter((entry) => !entry.target.includes('*'));
}

const normalize = (path: string) => posix.normalize(path.replace(/^\.\//, ''));

/** One line per entry point that package.json declares and the tarball does not contain. */
export function missingEntryPoints(pkg: PackageJson, files: readonly string[]): string[] {
  const packed = new Set(files.map(normalize));
  return declaredEntryPoints(pkg)
    .filter((entry) => !packed.has(normalize(entry.target)))
    .map(
      (entry) =>
        `${pkg.name}: ${entry.field} is "${entry.target}", which the tarball does not contain. ` +
        'Build it (`npx nx run-many -t build`; a bin from a bundle needs the `bundle` target in the build), ' +
        'or fix the path or the "files" field in package.json.',
    );
}

interface SourceMap {
  sources?: string[];
  sourcesContent?: (string | null)[];
  sourceRoot?: string;
}

/**
 * One line per source map problem in a tarball: a `.map` whose source is neither a file in the
 * tarball nor inlined in `sourcesContent`, and a `sourceMappingURL` comment naming a map that is not
 * in the tarball. `read` returns a packed file's text by its path in the tarball.
 */
export function sourceMapProblems(
  name: string,
  files: readonly string[],
  read: (path: string) => string,
): string[] {
  const packed = new Set(files.map(normalize));
  const problems: string[] = [];
  for (const file of files) {
    if (file.endsWith('.map')) {
      let map: SourceMap;
      try {
        map = JSON.parse(read(file)) as SourceMap;
      } catch (error) {
        problems.push(`${name}: ${file} is not JSON (${(error as Error).message}).`);
        continue;
      }
      (map.sources ?? []).forEach((source, i) => {
        if (typeof map.sourcesContent?.[i] === 'string') return;
        const resolved = normalize(posix.join(posix.dirname(file), map.sourceRoot ?? '', source));
        if (!packed.has(resolved)) {
          problems.push(
            `${name}: ${file} maps to "${source}", which is neither in the tarball nor inlined in sourcesContent. ` +
              'Inline the sources (tsconfig.lib.json "inlineSources": true; rolldown keeps sourcesContent) and emit no ' +
              'declaration maps ("declarationMap": false), see docs/adr/0012-source-maps-in-packages.md. A map the ' +
              'build no longer writes is stale (tsc and the Nx cache keep old files in dist): ' +
              '`rm -rf <package>/dist && npx nx reset`, then build again.',
          );
        }
      });
    } else if (/\.[cm]?js$/.test(file)) {
      const url = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(read(file))?.[1];
      if (url && !url.startsWith('data:')) {
        const resolved = normalize(posix.join(posix.dirname(file), decodeURIComponent(url)));
        if (!packed.has(resolved)) {
          problems.push(
            `${name}: ${file} names the source map "${url}", which the tarball does not contain. ` +
              'Check the "files" field in package.json, or rebuild to drop a stale file.',
          );
        }
      }
    }
  }
  return problems;
}

/** Reads a packed file of the package in `dir` (absolute) by its path in the tarball. */
export const readPacked = (dir: string) => (path: string) => readFileSync(join(dir, path), 'utf8');
