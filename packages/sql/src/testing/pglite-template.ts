/**
 * A fresh PGlite database runs initdb, which takes 5–15 s on a small machine; starting from a dump
 * of a fresh one (`loadDataDir`) takes 1–3 s. For tests that open many databases: the dump is made
 * once and kept in the temporary directory, per PGlite version and set of extensions, so later test
 * files and later runs reuse it.
 */
import { randomUUID } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Extensions } from '@electric-sql/pglite';

const made = new Map<string, Promise<Blob>>();

/** The data directory of a fresh PGlite database with `extensions` loaded, for `openPgliteDriver(…, { loadDataDir })`. */
export function pgliteTemplate(extensions: Extensions = {}): Promise<Blob> {
  const key = `${pgliteVersion()}-${Object.keys(extensions).sort().join('+') || 'plain'}`;
  let template = made.get(key);
  if (!template) {
    template = loadOrMake(key, extensions);
    made.set(key, template);
  }
  return template;
}

async function loadOrMake(key: string, extensions: Extensions): Promise<Blob> {
  const file = path.join(tmpdir(), `toolsmith-pglite-template-${key}.tar.gz`);
  const kept = await readFile(file).catch(() => undefined);
  if (kept) return new Blob([kept]);
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create({ extensions });
  try {
    const dump = await db.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    // Written aside and renamed: a test file running at the same time never reads half a dump.
    const partial = `${file}.${randomUUID()}`;
    await writeFile(partial, bytes);
    await rename(partial, file);
    return new Blob([bytes]);
  } finally {
    await db.close();
  }
}

function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@electric-sql/pglite');
  const manifest = require(path.join(entry, '..', '..', 'package.json')) as { version: string };
  return manifest.version;
}
