/**
 * A fresh PGlite database runs initdb, which takes 5–15 s on a small machine; starting from a dump
 * of a fresh one (`loadDataDir`) takes 1–3 s. The dump is made once and kept in the temporary
 * directory (or `directory`), per PGlite version and set of extensions, so later processes — a
 * server's in-memory store at its first search, test files, later runs — reuse it. Written aside and
 * renamed, so a process never reads half a dump; only read afterwards, so processes share it safely.
 */
import { randomUUID } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Extensions } from '@electric-sql/pglite';

const made = new Map<string, Promise<Blob>>();

/** The data directory of a fresh PGlite database with `extensions` loaded, for `openPgliteDriver(…, { loadDataDir })`. */
export function pgliteTemplate(extensions: Extensions = {}, directory: string = tmpdir()): Promise<Blob> {
  const key = `${pgliteVersion()}-${Object.keys(extensions).sort().join('+') || 'plain'}`;
  const file = path.join(directory, `toolsmith-pglite-template-${key}.tar.gz`);
  let template = made.get(file);
  if (!template) {
    template = loadOrMake(file, extensions);
    // a failed attempt (unwritable directory…) is not kept: the next caller tries again
    template.catch(() => made.delete(file));
    made.set(file, template);
  }
  return template;
}

async function loadOrMake(file: string, extensions: Extensions): Promise<Blob> {
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
