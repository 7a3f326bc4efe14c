/**
 * `--auth builtin` end to end: the real bin over Streamable HTTP is the authorization server MCP
 * clients see, and logging in goes through Yandex OAuth (the emulator's, headless with
 * `login_hint`). Done as an MCP client does it, with the SDK client's OAuth functions
 * (@toolsmith/testing's headless sign-in): discovery from the 401, dynamic registration, PKCE
 * authorization through the Yandex login, token. Two users at once then
 * call as themselves; Tracker only ever sees their Yandex tokens, never this server's tokens.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  connectHttp,
  discoverFrom401,
  freePort,
  registerPublicClient,
  resultText,
  signInForTokens,
  type Discovered,
} from '@toolsmith/testing';
import { createTrackerEmulator, type TrackerEmulator } from '@toolsmith/yandex-tracker-emulator';
import { BIN, serverEnv } from './__fixtures__/tracker-fixture.ts';

let emulator: TrackerEmulator;
let child: ChildProcess;
let origin: string;
let discovered: Discovered;
let stderr = '';

beforeAll(async () => {
  emulator = await createTrackerEmulator();
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  emulator.oauth.addRedirectUri(`${origin}/oauth/callback`);
  child = spawn(
    process.execPath,
    [
      '--conditions=@toolsmith/source',
      BIN,
      '--transport',
      'http',
      '--port',
      String(port),
      '--auth',
      'builtin',
    ],
    {
      env: serverEnv({
        YANDEX_TRACKER_API_BASE: emulator.url,
        YANDEX_ORG_ID: emulator.orgId,
        YANDEX_OAUTH_CLIENT_ID: emulator.oauth.clientId,
        YANDEX_OAUTH_CLIENT_SECRET: emulator.oauth.clientSecret,
        YANDEX_OAUTH_BASE: emulator.oauth.base,
        YANDEX_LOGIN_BASE: emulator.oauth.loginBase,
        // One process: core's in-memory store (replicas.e2e.test.ts runs PostgreSQL and PGlite).
        YANDEX_TRACKER_AUTH_DB: 'memory',
      }),
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line in 20 s:\n${stderr}`)), 20_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes('MCP server listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}:\n${stderr}`)));
  });
  discovered = await discoverFrom401(`${origin}/mcp`);
});
afterAll(async () => {
  child?.kill('SIGTERM');
  await emulator.close();
});

/** What an MCP client does on its first 401: register, authorize (the user logs in at Yandex), token. */
async function signIn(login: string): Promise<string> {
  const client = await registerPublicClient(discovered, `${login}'s client`);
  const { tokens } = await signInForTokens(discovered, client, login);
  return tokens.access_token;
}

describe('yandex-tracker-mcp --auth builtin (Yandex OAuth login)', () => {
  it('logs two users in through Yandex and each calls Tracker as themselves', async () => {
    const [alice, bob] = [await signIn('alice'), await signIn('bob')];
    const whoami = async (token: string) => {
      const connection = await connectHttp(`${origin}/mcp`, {
        headers: { authorization: `Bearer ${token}` },
      });
      try {
        const result = await connection.client.callTool({ name: 'tracker_get_current_user', arguments: {} });
        expect(result.isError).toBeFalsy();
        return (JSON.parse(resultText(result)) as { login: string }).login;
      } finally {
        await connection.close();
      }
    };
    expect(await Promise.all([whoami(alice), whoami(bob)])).toEqual(['alice', 'bob']);
    // Tracker saw Yandex OAuth tokens only: never this server's access tokens.
    const sent = emulator.requests
      .filter((r) => r.path.startsWith('/v2/') || r.path.startsWith('/v3/'))
      .map((r) => r.headers['authorization'] ?? '');
    expect(sent.length).toBeGreaterThanOrEqual(2);
    for (const header of sent) {
      expect(header).toMatch(/^OAuth /);
      expect(header).not.toContain(alice);
      expect(header).not.toContain(bob);
    }
    expect(stderr).toContain(`"redirectUri":"${origin}/oauth/callback"`);
    for (const token of [alice, bob, ...sent.map((h) => h.slice('OAuth '.length))]) {
      expect(stderr).not.toContain(token);
    }
  });

  it('answers a call without a token with 401 and where to get one', async () => {
    const response = await fetch(`${origin}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('resource_metadata=');
  });
});
