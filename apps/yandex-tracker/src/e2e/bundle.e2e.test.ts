/**
 * The published bin is a rolldown bundle (scripts/bundle.mjs → dist/yandex-tracker-mcp.mjs). Build it
 * from the current sources into a temporary folder and drive it over stdio with plain `node` (no
 * source condition, no workspace): it must list and call tools like the source bin.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connectStdio, resultText } from '@toolsmith/testing';
import { createTrackerEmulator, type TrackerEmulator } from '@toolsmith/yandex-tracker-emulator';
import { emulatorEnv, TOKEN } from './__fixtures__/tracker-fixture.ts';

const SCRIPT = fileURLToPath(new URL('../../scripts/bundle.mjs', import.meta.url));
let dir: string;
let emulator: TrackerEmulator;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tracker-bundle-'));
  execFileSync(process.execPath, [SCRIPT, join(dir, 'yandex-tracker-mcp.mjs')], { stdio: 'pipe' });
  emulator = await createTrackerEmulator({ token: TOKEN });
}, 60_000);
afterAll(async () => {
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the bundled bin', () => {
  it('is one self-contained ESM file with a shebang', () => {
    const text = readFileSync(join(dir, 'yandex-tracker-mcp.mjs'), 'utf8');
    expect(text.startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(text).not.toMatch(/from\s*["']@toolsmith\//);
    expect(text).not.toMatch(/from\s*["']\.\.?\//);
  });

  it('serves the tools over stdio with plain node', async () => {
    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries(process.env)) {
      if (
        value !== undefined &&
        key !== 'NODE_OPTIONS' &&
        !key.startsWith('YANDEX_') &&
        !key.startsWith('MCP_')
      )
        env[key] = value;
    }
    const connection = await connectStdio({
      command: process.execPath,
      args: [join(dir, 'yandex-tracker-mcp.mjs')],
      env: { ...env, ...emulatorEnv(emulator) },
      cwd: dir,
    });
    try {
      const { tools } = await connection.client.listTools();
      expect(tools.map((t) => t.name)).toEqual(
        expect.arrayContaining(['search_tools', 'tracker_find_issues', 'tracker_create_issue']),
      );
      const found = await connection.client.callTool({
        name: 'tracker_find_issues',
        arguments: { queueId: 'OPS' },
      });
      expect(JSON.parse(resultText(found))).toMatchObject({ total: 5 });
      const refused = await connection.client.callTool({
        name: 'tracker_update_issue',
        arguments: { issueId: 'OPS-1', status: 'closed' },
      });
      expect(refused.isError).toBe(true);
      expect(resultText(refused)).toContain('tracker_transition_issue');
    } finally {
      await connection.close();
    }
  }, 30_000);
});
