/**
 * Bundles a server's bin with rolldown: one ESM entry file plus chunks for what the bin imports
 * dynamically. Run from source, a server loads and type-strips hundreds of modules (core, the MCP
 * SDK, zod, its tools) on every start; a handful of files starts about twice as fast
 * (docs/performance.md). Dynamic imports stay chunks, so what loads on demand stays on demand: the
 * server after the bin's `enableCompileCache()`, and the Streamable HTTP stack (node:http pulls in
 * undici) only with `--transport http`. Workspace packages resolve to their TypeScript sources
 * (the `@toolsmith/source` condition), as in development; npm dependencies are bundled too, so the
 * output needs nothing but Node.
 */
import { chmodSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import { build } from 'rolldown';

export interface BundleServerOptions {
  /** The bin's source file (TypeScript or JavaScript). */
  entry: string;
  /** Output folder; emptied first so no stale chunk survives. */
  outDir: string;
  /** The entry's file name in `outDir`. @default the entry's base name with `.mjs` */
  fileName?: string;
  /** @default true */
  minify?: boolean;
  /** Source maps beside the files (stack traces point at the sources). @default true */
  sourcemap?: boolean;
}

export interface BundleServerResult {
  /** The runnable entry: `node <entryFile>`, or run it directly (shebang, executable). */
  entryFile: string;
  /** Every `.mjs` file written, relative to `outDir`. */
  files: string[];
  ms: number;
}

const SHEBANG = '#!/usr/bin/env node';

export async function bundleServer(options: BundleServerOptions): Promise<BundleServerResult> {
  const started = performance.now();
  const entry = resolve(options.entry);
  const outDir = resolve(options.outDir);
  const fileName = options.fileName ?? `${basename(entry, extname(entry))}.mjs`;
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
      entryFileNames: fileName,
      chunkFileNames: 'chunks/[name]-[hash].mjs',
      format: 'esm',
      minify: options.minify ?? true,
      sourcemap: options.sourcemap ?? true,
      // rolldown's default is a function, which its native binding refuses when called from another
      // realm (jest's VM modules); nothing is ignore-listed then.
      sourcemapIgnoreList: false,
    },
    logLevel: 'warn',
  });
  // The bundle runs on plain node: a source bin's `#!/usr/bin/env -S node --conditions=…` would ask
  // for the sources again.
  const entryFile = join(outDir, fileName);
  const code = readFileSync(entryFile, 'utf8');
  const body = code.startsWith('#!') ? code.slice(code.indexOf('\n') + 1) : code;
  writeFileSync(entryFile, `${SHEBANG}\n${body}`);
  chmodSync(entryFile, 0o755);
  const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.mjs'))
    .sort();
  return { entryFile, files, ms: performance.now() - started };
}
