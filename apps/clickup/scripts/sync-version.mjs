#!/usr/bin/env node
// Copies package.json's version into server.json (the MCP registry entry, twice) and manifest.json
// (the MCP Bundle) after `npm run version-packages`; src/bin/one-click-install.test.ts fails until
// they match. Rewrites only the version strings, so the files keep their formatting.
/* global process, URL */
import { readFileSync, writeFileSync } from 'node:fs';

const app = new URL('../', import.meta.url);
const { version } = JSON.parse(readFileSync(new URL('package.json', app), 'utf8'));
for (const file of ['server.json', 'manifest.json']) {
  const url = new URL(file, app);
  const text = readFileSync(url, 'utf8');
  const next = text.replace(/("version":\s*)"[^"]*"/g, `$1"${version}"`);
  if (next !== text) writeFileSync(url, next);
  process.stderr.write(`${file}: version ${version}${next === text ? ' (already)' : ''}\n`);
}
