/**
 * What a start of a bundle loads, read from the files `bundleServer` wrote: the main file, what it
 * imports dynamically at its top level (a bin's server, after the compile cache), and everything those
 * import statically — with the Node built-ins they import as ES modules (each one a module facade
 * built at every start). Used by the tests that hold a bundle's start to one chunk and no built-in.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface StartupFiles {
  /** Each file a start loads, relative to the bundle's folder, with its size in bytes. */
  readonly files: ReadonlyMap<string, number>;
  /** The `node:` built-ins those files import statically, each once, sorted. */
  readonly builtins: readonly string[];
}

const STATIC_IMPORT = /\b(?:from|import)\s*"([^"]+)"/g;
const DYNAMIC_IMPORT = /\bimport\(\s*[`"']([^`"']+)[`"']/g;

/** `mainFile` is relative to `outDir` (e.g. `server.main.mjs`). */
export function startupFiles(outDir: string, mainFile: string): StartupFiles {
  const files = new Map<string, number>();
  const builtins = new Set<string>();
  const specifiers = (file: string, pattern: RegExp) =>
    [...readFileSync(join(outDir, file), 'utf8').matchAll(pattern)].map((m) => m[1]!);
  const relativeTo = (file: string, specifier: string) => join(file, '..', specifier);
  const pending = [
    mainFile,
    ...specifiers(mainFile, DYNAMIC_IMPORT)
      .filter((s) => s.startsWith('.'))
      .map((s) => relativeTo(mainFile, s)),
  ];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (files.has(file)) continue;
    files.set(file, statSync(join(outDir, file)).size);
    for (const specifier of specifiers(file, STATIC_IMPORT)) {
      if (specifier.startsWith('node:')) builtins.add(specifier);
      else if (specifier.startsWith('.')) pending.push(relativeTo(file, specifier));
    }
  }
  return { files, builtins: [...builtins].sort() };
}
