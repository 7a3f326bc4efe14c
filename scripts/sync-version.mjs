#!/usr/bin/env node
// Copies a server app's package.json version into its server.json (the MCP registry entry, twice)
// and manifest.json (the MCP Bundle) after `npm run version-packages`; the app's
// src/bin/one-click-install.test.ts fails until they match. Rewrites only the version strings, so
// the files keep their formatting. Run from the app's folder (its `sync-version` target does), or
// give the folder: `node scripts/sync-version.mjs apps/clickup`.
/* global process */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const app = path.resolve(process.argv[2] ?? '.');
const { version } = JSON.parse(readFileSync(path.join(app, 'package.json'), 'utf8'));
for (const file of ['server.json', 'manifest.json']) {
  const target = path.join(app, file);
  const text = readFileSync(target, 'utf8');
  const next = text.replace(/("version":\s*)"[^"]*"/g, `$1"${version}"`);
  if (next !== text) writeFileSync(target, next);
  process.stderr.write(`${file}: version ${version}${next === text ? ' (already)' : ''}\n`);
}
