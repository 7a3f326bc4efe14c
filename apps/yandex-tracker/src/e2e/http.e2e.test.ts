/**
 * Streamable HTTP: the real bin with `--transport http --port 0` on 127.0.0.1, driven by the SDK's
 * Streamable HTTP client of both protocol eras (2025-11-25 and 2026-07-28) and by raw JSON-RPC;
 * then SIGTERM ends it cleanly.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connectHttp, MODERN_PROTOCOL_VERSION, resultText } from '@toolsmith/testing';
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
    const listed: Record<string, string[]> = {};
    for (const era of ['legacy', 'modern'] as const) {
      const connection = await connectHttp(url, { era });
      try {
        expect(connection.client.getNegotiatedProtocolVersion()).toBe(
          era === 'modern' ? MODERN_PROTOCOL_VERSION : '2025-11-25',
        );
        const { tools } = await connection.client.listTools();
        listed[era] = tools.map((t) => t.name);
        expect(listed[era]).toContain('tracker_find_issues');
        const result = await connection.client.callTool({
          name: 'tracker_find_issues',
          arguments: { queueId: 'WEB' },
        });
        expect(result.isError).toBeFalsy();
        expect(JSON.parse(resultText(result))).toMatchObject({ total: 3 });
      } finally {
        await connection.close();
      }
    }
    // the same tools in both eras
    expect(listed.modern).toEqual(listed.legacy);
    // raw 2026-07-28 JSON-RPC: no session, the envelope in _meta
    const raw = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': MODERN_PROTOCOL_VERSION,
        'mcp-method': 'server/discover',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'server/discover',
        params: {
          _meta: {
            'io.modelcontextprotocol/protocolVersion': MODERN_PROTOCOL_VERSION,
            'io.modelcontextprotocol/clientCapabilities': {},
            'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1.0.0' },
          },
        },
      }),
    });
    expect(raw.status).toBe(200);
    expect(raw.headers.get('mcp-session-id')).toBeNull();
    expect(await raw.json()).toMatchObject({
      id: 1,
      result: {
        supportedVersions: [MODERN_PROTOCOL_VERSION],
        _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'yandex-tracker' } },
      },
    });
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(stdout).toBe('');
    expect(stderr).not.toContain(TOKEN);
  }, 30_000);
});
