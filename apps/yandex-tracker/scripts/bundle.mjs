#!/usr/bin/env node
/**
 * Bundles the `yandex-tracker-mcp` bin with rolldown from the TypeScript sources of this app and the
 * workspace packages: `dist/bundle/yandex-tracker-mcp.mjs` plus a few chunks. A handful of files
 * instead of hundreds of modules starts about twice as fast (docs/performance.md); it is what `bin`
 * points to. Dynamic imports stay chunks, so what is loaded on demand stays on demand: the server
 * code after `enableCompileCache()` (the bin's first line), and the Streamable HTTP stack (node:http
 * pulls in undici) only with `--transport http`.
 *
 *   npx nx run @toolsmith/yandex-tracker-mcp:bundle     (or: node scripts/bundle.mjs [out-dir])
 */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'rolldown';

const root = new URL('..', import.meta.url);
const outDir = process.argv[2] ? resolve(process.argv[2]) : new URL('dist/bundle', root).pathname;
const started = performance.now();
rmSync(outDir, { recursive: true, force: true }); // no stale chunks
await build({
  input: new URL('src/bin/yandex-tracker-mcp.ts', root).pathname,
  platform: 'node',
  // Workspace packages resolve to their TypeScript sources, as in development.
  resolve: { conditionNames: ['@toolsmith/source', 'import', 'node', 'default'] },
  output: {
    dir: outDir,
    entryFileNames: 'yandex-tracker-mcp.mjs',
    chunkFileNames: 'chunks/[name]-[hash].mjs',
    format: 'esm',
    minify: true,
    sourcemap: true,
  },
  logLevel: 'warn',
});
process.stderr.write(`bundled into ${outDir} in ${Math.round(performance.now() - started)} ms\n`);
