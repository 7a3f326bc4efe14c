/**
 * Streamable HTTP: the real bin with `--transport http --port 0` on 127.0.0.1, driven by the SDK's
 * Streamable HTTP client; then SIGTERM ends it cleanly.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connectHttp, resultText } from '@toolsmith/testing';
import { createTrackerEmulator, type TrackerEmulator } from '@toolsmith/yandex-tracker-emulator';
import { BIN, emulatorEnv, serverEnv, TOKEN } from './__fixtures__/tracker-fixture.ts';

let emulator: TrackerEmulator;
beforeAll(async () => {
  emulator = await createTrackerEmulator({ token: TOKEN });
});
afterAll(() => emulator.close());

describe('yandex-tracker-mcp --transport http', () => {
  it('serves tools over Streamable HTTP and exits 0 on SIGTERM', async () => {
    const env = serverEnv();
    const child = spawn(
      process.execPath,
      ['--conditions=@toolsmith/source', BIN, '--transport', 'http', '--port', '0'],
      { env: { ...env, ...emulatorEnv(emulator) }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no listening line in 15 s:\n${stderr}`)), 15_000);
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        const match = /"url":"([^"]+)"/.exec(stderr);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
    });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const connection = await connectHttp(url);
    try {
      const { tools } = await connection.client.listTools();
      expect(tools.map((t) => t.name)).toContain('tracker_find_issues');
      const result = await connection.client.callTool({
        name: 'tracker_find_issues',
        arguments: { queueId: 'WEB' },
      });
      expect(result.isError).toBeFalsy();
      expect(JSON.parse(resultText(result))).toMatchObject({ total: 3 });
    } finally {
      await connection.close();
    }
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(stdout).toBe('');
    expect(stderr).not.toContain(TOKEN);
  }, 30_000);
});
