#!/usr/bin/env node
/**
 * Bundles the `yandex-tracker-mcp` bin into one ESM file, `dist/yandex-tracker-mcp.mjs` (rolldown),
 * from the TypeScript sources of this app and the workspace packages. One file instead of hundreds of
 * modules starts about 40 % faster (docs/performance.md); it is what `bin` points to.
 *
 *   npx nx run @toolsmith/yandex-tracker-mcp:bundle     (or: node scripts/bundle.mjs [out-file])
 */
import { resolve } from 'node:path';
import { build } from 'rolldown';

const root = new URL('..', import.meta.url);
const outFile = process.argv[2]
  ? resolve(process.argv[2])
  : new URL('dist/yandex-tracker-mcp.mjs', root).pathname;
const started = performance.now();
await build({
  input: new URL('src/bin/yandex-tracker-mcp.ts', root).pathname,
  platform: 'node',
  // Workspace packages resolve to their TypeScript sources, as in development.
  resolve: { conditionNames: ['@toolsmith/source', 'import', 'node', 'default'] },
  output: {
    file: outFile,
    format: 'esm',
    minify: true,
    codeSplitting: false,
    sourcemap: true,
  },
  logLevel: 'warn',
});
process.stderr.write(`bundled ${outFile} in ${Math.round(performance.now() - started)} ms\n`);
