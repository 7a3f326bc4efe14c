#!/usr/bin/env -S node --conditions=@toolsmith/source
/**
 * toolsmith-bundle <entry> [--out-dir dist/bundle] [--file-name <name>.mjs] [--external <package>]… [--zod-jit] [--no-startup-cache]
 *
 * Bundles a server bin (see bundle-server.ts). Used by the `bundle` Nx target of server apps.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { bundleServer } from './bundle-server.ts';

const USAGE =
  'Usage: toolsmith-bundle <entry.ts> [--out-dir dist/bundle] [--file-name <name>.mjs] [--external <package>]… [--zod-jit] [--no-startup-cache]';

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      'out-dir': { type: 'string', default: 'dist/bundle' },
      'file-name': { type: 'string' },
      // Repeatable: a package left out of the bundle, imported from node_modules at run time.
      external: { type: 'string', multiple: true, default: [] },
      // Keep zod's JIT (the bin turns it off for a faster start; bundle-server.ts).
      'zod-jit': { type: 'boolean', default: false },
      'no-startup-cache': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const { values, positionals } = parsed;
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (positionals.length !== 1) {
  console.error(`Give exactly one entry file.\n${USAGE}`);
  process.exit(2);
}
const entry = positionals[0] as string;
if (!existsSync(entry)) {
  console.error(`No such entry file: ${entry} (relative to ${process.cwd()}).\n${USAGE}`);
  process.exit(2);
}
try {
  const result = await bundleServer({
    entry,
    outDir: values['out-dir'],
    external: values.external,
    zodJit: values['zod-jit'],
    startupCache: !values['no-startup-cache'],
    ...(values['file-name'] === undefined ? {} : { fileName: values['file-name'] }),
  });
  console.error(
    `bundled ${result.files.length} files into ${result.entryFile} in ${Math.round(result.ms)} ms` +
      (result.startupChunk
        ? ` (start-up chunk ${result.startupChunk}, with a start-up code cache)`
        : ` (no start-up code cache: ${result.startupCacheSkipped})`),
  );
} catch (error) {
  console.error(`toolsmith-bundle: bundling ${entry} failed: ${(error as Error).message}`);
  process.exit(1);
}
