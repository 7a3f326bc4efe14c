/**
 * `yandex-tracker-mcp --upstream-auth passthrough` from the command line: the real bin over
 * Streamable HTTP reads each user's Yandex token from the gateway's header (core's serve CLI hands
 * the app its resource server through `wrapAuth`), calls Tracker as that user in both protocol
 * eras, and refuses a request without the header (400, what the gateway must send) before Tracker
 * is called.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connectHttp, resultText } from '@toolsmith/testing';
import { createTrackerEmulator, type TrackerEmulator } from '@toolsmith/yandex-tracker-emulator';
import { BIN, serverEnv } from './__fixtures__/tracker-fixture.ts';

let emulator: TrackerEmulator;
let child: ChildProcess;
let url: string;
let stderr = '';
const tokens: Record<string, string> = {};

beforeAll(async () => {
  emulator = await createTrackerEmulator();
  tokens.alice = emulator.oauth.issueToken('alice').access_token;
  tokens.bob = emulator.oauth.issueToken('bob').access_token;
  child = spawn(
    process.execPath,
    [
      '--conditions=@toolsmith/source',
      BIN,
      '--transport',
      'http',
      '--port',
      '0',
      '--upstream-auth',
      'passthrough',
    ],
    {
      env: serverEnv({ YANDEX_TRACKER_API_BASE: emulator.url, YANDEX_ORG_ID: emulator.orgId }),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line in 20 s:\n${stderr}`)), 20_000);
    child.once('exit', (code) => reject(new Error(`the bin exited with ${code}:\n${stderr}`)));
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /"url":"([^"]+)"/.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
  });
}, 30_000);
afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await emulator.close();
});

describe('yandex-tracker-mcp --upstream-auth passthrough', () => {
  it.each(['legacy', 'modern'] as const)(
    'calls Tracker as the user whose token the gateway sent (%s era)',
    async (era) => {
      for (const login of ['alice', 'bob']) {
        const connection = await connectHttp(url, {
          era,
          headers: { 'X-Upstream-Authorization': `OAuth ${tokens[login]}` },
        });
        try {
          const result = await connection.client.callTool({
            name: 'tracker_get_current_user',
            arguments: {},
          });
          expect(result.isError).toBeFalsy();
          expect((JSON.parse(resultText(result)) as { login: string }).login).toBe(login);
        } finally {
          await connection.close();
        }
      }
    },
  );

  it('refuses a request without the header before Tracker is called, and keeps serving', async () => {
    const before = emulator.requests.length;
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; error_description: string };
    expect(body.error).toBe('invalid_request');
    expect(body.error_description).toMatch(/X-Upstream-Authorization/);
    expect(emulator.requests.length).toBe(before);
    // still serving the gateway's requests
    const connection = await connectHttp(url, {
      headers: { 'X-Upstream-Authorization': `OAuth ${tokens.alice}` },
    });
    try {
      expect((await connection.client.listTools()).tools.length).toBeGreaterThan(0);
    } finally {
      await connection.close();
    }
    // no token reached the log
    for (const token of Object.values(tokens)) expect(stderr).not.toContain(token);
  });
});
