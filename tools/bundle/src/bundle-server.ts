/**
 * Bundles a server's bin with rolldown: one ESM entry file plus chunks for what the bin imports
 * dynamically. Run from source, a server loads and type-strips hundreds of modules (core, the MCP
 * SDK, zod, its tools) on every start; a handful of files starts about twice as fast
 * (docs/performance.md). Dynamic imports stay chunks, so what loads on demand stays on demand: the
 * server after the bin's `enableCompileCache()`, and the Streamable HTTP stack (node:http pulls in
 * undici) only with `--transport http`. Workspace packages resolve to their TypeScript sources
 * (the `@toolsmith/source` condition), as in development; npm dependencies are bundled too, so the
 * output needs nothing but Node.
 *
 * The file a bin points at is a few lines of plain JavaScript that check the Node.js version and
 * only then import the bundle (`<name>.main.mjs`): on an older Node a user gets one line naming the
 * version to install instead of a syntax or missing-export error from deep inside the server.
 */
import { chmodSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import { build } from 'rolldown';
import { MIN_NODE_MAJOR, nodeVersionProblem } from '@toolsmith/core/node-version';

export interface BundleServerOptions {
  /** The bin's source file (TypeScript or JavaScript). */
  entry: string;
  /** Output folder; emptied first so no stale chunk survives. */
  outDir: string;
  /** The entry's file name in `outDir`. @default the entry's base name with `.mjs` */
  fileName?: string;
  /** @default true */
  minify?: boolean;
  /**
   * Source maps beside the files, with the sources inlined (`sourcesContent`), so a stack trace
   * resolves to code that ships with the map (docs/adr/0012-source-maps-in-packages.md).
   * @default true
   */
  sourcemap?: boolean;
  /** The command's name in the Node version message. @default the entry file's name without `.mjs` */
  binName?: string;
  /** Oldest Node.js major the guard lets through. @default 24 */
  minNodeMajor?: number;
}

export interface BundleServerResult {
  /**
   * The runnable entry: `node <entryFile>`, or run it directly (shebang, executable). It is the
   * Node version guard, which imports `mainFile`.
   */
  entryFile: string;
  /** The bundled server's entry (no shebang): what the guard imports. */
  mainFile: string;
  /** Every `.mjs` file written, relative to `outDir`. */
  files: string[];
  ms: number;
}

const SHEBANG = '#!/usr/bin/env node';

/**
 * The bin file: plain JavaScript that any Node with ES modules parses (nothing newer than top-level
 * await, no imports), printing `nodeVersionProblem`'s line before it would import the bundle.
 */
export function nodeGuardSource(
  binName: string,
  mainImport: string,
  minMajor: number = MIN_NODE_MAJOR,
): string {
  const MARK = '0.0.0-running';
  const [before, after] = nodeVersionProblem(binName, MARK, minMajor)!.split(MARK) as [string, string];
  return [
    SHEBANG,
    `// ${binName}: written by toolsmith-bundle. Checks the Node.js version before loading the server,`,
    '// so an older Node prints what to install instead of failing inside the bundle.',
    'const version = process.versions.node;',
    `if (Number(version.split('.')[0]) < ${minMajor}) {`,
    `  process.stderr.write(${JSON.stringify(before)} + version + ${JSON.stringify(`${after}\n`)});`,
    '  process.exitCode = 1;',
    '} else {',
    `  await import(${JSON.stringify(mainImport)});`,
    '}',
    '',
  ].join('\n');
}

export async function bundleServer(options: BundleServerOptions): Promise<BundleServerResult> {
  const started = performance.now();
  const entry = resolve(options.entry);
  const outDir = resolve(options.outDir);
  const fileName = options.fileName ?? `${basename(entry, extname(entry))}.mjs`;
  const binName = options.binName ?? basename(fileName, '.mjs');
  const mainName = `${basename(fileName, '.mjs')}.main.mjs`;
  rmSync(outDir, { recursive: true, force: true });
  await build({
    input: entry,
    platform: 'node',
    resolve: { conditionNames: ['@toolsmith/source', 'import', 'node', 'default'] },
    // Sources are erasable TypeScript that Node runs as they are: bundle them the same way, without
    // tsconfig-driven transforms (and without needing the workspace's tsconfig files at all).
    tsconfig: false,
    output: {
      dir: outDir,
      entryFileNames: mainName,
      chunkFileNames: 'chunks/[name]-[hash].mjs',
      format: 'esm',
      // Non-ASCII characters escaped (\u…): a file that is all ASCII is read as a one-byte string,
      // which V8 decodes and scans faster than the two-byte string one "→" or "⚠️" turns it into.
      charset: 'ascii',
      minify: options.minify ?? true,
      sourcemap: options.sourcemap ?? true,
      sourcemapExcludeSources: false,
      // rolldown's default is a function, which its native binding refuses when called from another
      // realm (jest's VM modules); nothing is ignore-listed then.
      sourcemapIgnoreList: false,
    },
    logLevel: 'warn',
  });
  // The guard is the bin and carries the plain-node shebang (a source bin's
  // `#!/usr/bin/env -S node --conditions=…` would ask for the sources again); the bundle needs none.
  const mainFile = join(outDir, mainName);
  const code = readFileSync(mainFile, 'utf8');
  if (code.startsWith('#!')) writeFileSync(mainFile, `//${code.slice(2)}`);
  const entryFile = join(outDir, fileName);
  writeFileSync(entryFile, nodeGuardSource(binName, `./${mainName}`, options.minNodeMajor));
  chmodSync(entryFile, 0o755);
  const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.mjs'))
    .sort();
  return { entryFile, mainFile, files, ms: performance.now() - started };
}
