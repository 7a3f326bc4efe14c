/**
 * What a server loads to start: a stdio server started without `--auth` (every local install) must
 * not load the HTTP authorization stack (jose, the token verifiers, oidc-provider) nor the SQL drivers
 * it uses only for webhooks, OAuth stores or per-user credentials. Each bin is started from source
 * with a preload that records every module loaded, answers initialize and tools/list over stdio, and
 * exits when stdin closes.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { ROOT } from './workspace.ts';

const RECORDER = join(import.meta.dirname, '__fixtures__', 'record-loads.mjs');
const scratch = mkdtempSync(join(tmpdir(), 'toolsmith-start-up-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Starts `bin` over stdio, lists its tools, closes stdin; resolves with the module URLs it loaded. */
async function modulesLoadedBy(bin: string, env: Record<string, string>): Promise<string[]> {
  const record = join(scratch, `${bin.replace(/\W+/g, '-')}.txt`);
  const child = spawn(
    process.execPath,
    ['--conditions=@toolsmith/source', '--import', RECORDER, join(ROOT, bin)],
    { cwd: scratch, env: { ...process.env, ...env, RECORD_LOADS_TO: record }, stdio: 'pipe' },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const answers: Record<string, unknown>[] = [];
  let buffered = '';
  const waiters = new Map<number, () => void>();
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    for (let at = buffered.indexOf('\n'); at >= 0; at = buffered.indexOf('\n')) {
      const message = JSON.parse(buffered.slice(0, at)) as { id?: number };
      buffered = buffered.slice(at + 1);
      answers.push(message);
      if (message.id !== undefined) waiters.get(message.id)?.();
    }
  });
  const request = (id: number, method: string, params: object) =>
    new Promise<void>((resolve, reject) => {
      waiters.set(id, resolve);
      child.once('exit', () => reject(new Error(`${bin} exited before answering ${method}:\n${stderr}`)));
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    });
  await request(1, 'initialize', {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'start-up-modules', version: '1' },
  });
  child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  await request(2, 'tools/list', {});
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.stdin.end();
  await exited;
  expect(JSON.stringify(answers.at(-1))).toContain('"tools"');
  return readFileSync(record, 'utf8').split('\n');
}

const NOT_AT_START = [
  /\/node_modules\/jose\//,
  /\/node_modules\/oidc-provider\//,
  /\/packages\/core\/src\/auth\/(configure-auth|jwt-verifier|introspection|authorization-server\/)/,
  /\/node_modules\/pg\//,
  /\/node_modules\/@electric-sql\/pglite\//,
];

describe('a stdio server started without --auth', () => {
  it.each([
    ['apps/clickup/src/bin/clickup-mcp.ts', { CLICKUP_API_TOKEN: 'pk_1_START0UP0CHECK' }],
    [
      'apps/yandex-tracker/src/bin/yandex-tracker-mcp.ts',
      { YANDEX_TRACKER_TOKEN: 'start-up-check', YANDEX_ORG_ID: '1' },
    ],
    [
      'tools/example-server/src/bin/bookshelf-mcp.ts',
      { BOOKSHELF_API_URL: 'http://127.0.0.1:9', BOOKSHELF_TOKEN: 'start-up-check' },
    ],
  ])(
    '%s loads no authorization stack and no SQL driver',
    async (bin, env) => {
      const loaded = await modulesLoadedBy(bin, env);
      expect(loaded.length).toBeGreaterThan(50); // the recorder saw the server's own modules
      expect(loaded.some((url) => url.includes('/packages/core/src/mcp/'))).toBe(true);
      expect(loaded.filter((url) => NOT_AT_START.some((pattern) => pattern.test(url)))).toEqual([]);
    },
    60_000,
  );
});
