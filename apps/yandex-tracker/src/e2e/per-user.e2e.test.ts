/**
 * Each user acting as themselves (issue 23 §2–3): the server over Streamable HTTP in pass-through
 * mode (the gateway's `X-Upstream-Authorization`), two users at once with their own Yandex tokens
 * (issued by the emulator's Yandex OAuth), driven by the SDK's HTTP client. Each gets their own
 * profile, "me", time zone and reference reads, made with their own token; a request without the
 * header is refused before Tracker is called; the server never calls as an account of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { silentLogger } from '@toolsmith/core';
import { createApiKeyVerifier, createResourceServer, parseApiKeys } from '@toolsmith/core/auth';
import { serveHttp, type RunningHttpServer } from '@toolsmith/core/mcp';
import { connectHttp, resultText, type McpTestConnection } from '@toolsmith/testing';
import { createTrackerEmulator, type TrackerEmulator } from '@toolsmith/yandex-tracker-emulator';
import { createPassthroughAuthenticator } from '../auth/passthrough-authenticator.ts';
import { createPassthroughResourceServer } from '../auth/passthrough-resource-server.ts';
import { loadConfig } from '../config.ts';
import { USER_UNAUTHORIZED_HINT } from '../tools/meta/auth-guidance.ts';
import { createDepsFactory, createRegistry, SERVER_NAME, SERVER_VERSION } from '../server.ts';

let emulator: TrackerEmulator;
let server: RunningHttpServer;
let tokens: { alice: string; bob: string; carol?: string };
const users: Partial<Record<'alice' | 'bob', McpTestConnection>> = {};

beforeAll(async () => {
  emulator = await createTrackerEmulator();
  tokens = {
    alice: emulator.oauth.issueToken('alice').access_token,
    bob: emulator.oauth.issueToken('bob').access_token,
  };
  const config = loadConfig({
    YANDEX_TRACKER_API_BASE: emulator.url,
    YANDEX_ORG_ID: emulator.orgId,
    YANDEX_TRACKER_UPSTREAM_AUTH: 'passthrough',
  });
  const factory = createDepsFactory(config, { retryBaseDelayMs: 5 });
  server = await serveHttp({
    name: SERVER_NAME,
    version: SERVER_VERSION,
    registry: createRegistry(),
    selection: { toolsets: ['all'] },
    deps: factory.deps,
    depsFor: (auth) => factory.depsFor(auth),
    logger: silentLogger,
    host: '127.0.0.1',
    port: 0,
    auth: createPassthroughResourceServer({
      authenticator: createPassthroughAuthenticator(),
      resource: new URL('http://127.0.0.1/mcp'),
    }),
  });
  for (const login of ['alice', 'bob'] as const) {
    users[login] = await connectHttp(server.url, {
      headers: { 'X-Upstream-Authorization': `OAuth ${tokens[login]}` },
    });
  }
});
afterAll(async () => {
  await Promise.all(Object.values(users).map((connection) => connection.close()));
  await server?.close();
  await emulator.close();
});

async function call(login: 'alice' | 'bob', name: string, args: Record<string, unknown> = {}) {
  const result = await users[login]!.client.callTool({ name, arguments: args });
  const content = (result as { content: { text: string }[] }).content;
  return { isError: result.isError === true, text: resultText(result), notes: content[0]!.text };
}

/** The emulator requests made with a user's token (method and path). */
const madeBy = (login: 'alice' | 'bob') =>
  emulator.requests
    .filter((r) => r.headers['authorization'] === `OAuth ${tokens[login]}`)
    .map((r) => `${r.method} ${r.path}`);

describe('per-user credentials (pass-through)', () => {
  it('answers each user as themselves, both at once', async () => {
    const [alice, bob] = await Promise.all([
      call('alice', 'tracker_get_current_user'),
      call('bob', 'tracker_get_current_user'),
    ]);
    expect(JSON.parse(alice.text)).toMatchObject({ login: 'alice' });
    expect(JSON.parse(bob.text)).toMatchObject({ login: 'bob' });
  });

  it('keeps "me", the time zone and the reference data per user, each read with their own token', async () => {
    const before = { alice: madeBy('alice').length, bob: madeBy('bob').length };
    const alice = await call('alice', 'tracker_add_worklog', {
      issueId: 'DEMO-1',
      start: '2026-11-20T10:00',
      duration: 'PT1H',
    });
    // bob after alice: a shared cache would give him alice's profile and zone
    const bob = await call('bob', 'tracker_add_worklog', {
      issueId: 'DEMO-1',
      start: '2026-11-20T10:00',
      duration: 'PT1H',
    });
    expect(alice.notes).toBe(
      'converted: start "2026-11-20T10:00" → 2026-11-20T10:00:00.000+03:00 (read in Europe/Moscow, your Tracker profile)',
    );
    expect(bob.notes).toBe(
      'converted: start "2026-11-20T10:00" → 2026-11-20T10:00:00.000+05:00 (read in Asia/Yekaterinburg, your Tracker profile)',
    );
    expect(madeBy('alice').slice(before.alice)).toContain('GET /v2/myself');
    expect(madeBy('bob').slice(before.bob)).toContain('GET /v2/myself');

    const [aliceUpdate, bobUpdate] = [
      await call('alice', 'tracker_update_issue', {
        issueId: 'DEMO-5',
        assignee: 'me',
        priority: 'Critical',
      }),
      await call('bob', 'tracker_update_issue', { issueId: 'DEMO-6', assignee: 'me', priority: 'Critical' }),
    ];
    expect(aliceUpdate.notes).toContain('assignee "me" → alice (Alice Ivanova)');
    expect(bobUpdate.notes).toContain('assignee "me" → bob (Bob Petrov)');
    // Each user's reference data was read with that user's token, not served from the other's.
    const referenceReads = (login: 'alice' | 'bob') =>
      madeBy(login).filter((request) => /^GET \/v[23]\/(priorities|users)\b/.test(request));
    expect(referenceReads('alice')).toEqual(expect.arrayContaining([expect.stringMatching(/priorities/)]));
    expect(referenceReads('bob')).toEqual(expect.arrayContaining([expect.stringMatching(/priorities/)]));
  });

  it('refuses a request without the gateway header before Tracker is called', async () => {
    const before = emulator.requests.length;
    const response = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'tracker_get_current_user', arguments: {} },
      }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error_description: string };
    expect(body.error_description).toContain(
      "takes each user's Yandex token from the X-Upstream-Authorization header, which this request did not carry",
    );
    expect(emulator.requests.length).toBe(before);
  });

  it("explains a user's revoked token as theirs to renew, and never falls back to another account", async () => {
    const carol = emulator.oauth.issueToken('carol').access_token;
    tokens.carol = carol;
    const connection = await connectHttp(server.url, {
      headers: { 'X-Upstream-Authorization': `OAuth ${carol}` },
    });
    try {
      emulator.oauth.revokeToken(carol);
      const result = await connection.client.callTool({ name: 'tracker_get_current_user', arguments: {} });
      expect(result.isError).toBe(true);
      expect(resultText(result)).toContain(USER_UNAUTHORIZED_HINT);
      expect(resultText(result)).not.toContain(carol);
      expect(JSON.parse((await call('alice', 'tracker_get_current_user')).text)).toMatchObject({
        login: 'alice',
      });
    } finally {
      await connection.close();
    }
  });

  it("never calls Tracker with anything but the callers' own tokens", () => {
    const sent = new Set(emulator.requests.map((r) => r.headers['authorization']));
    expect(sent).toEqual(new Set([`OAuth ${tokens.alice}`, `OAuth ${tokens.bob}`, `OAuth ${tokens.carol}`]));
  });
});

describe('pass-through behind an MCP token (--auth api-key)', () => {
  const KEY = 'k'.repeat(40);
  let guarded: RunningHttpServer;
  beforeAll(async () => {
    const config = loadConfig({
      YANDEX_TRACKER_API_BASE: emulator.url,
      YANDEX_ORG_ID: emulator.orgId,
      YANDEX_TRACKER_UPSTREAM_AUTH: 'passthrough',
    });
    const factory = createDepsFactory(config, { retryBaseDelayMs: 5 });
    const resource = new URL('http://127.0.0.1/mcp');
    guarded = await serveHttp({
      name: SERVER_NAME,
      version: SERVER_VERSION,
      registry: createRegistry(),
      deps: factory.deps,
      depsFor: (auth) => factory.depsFor(auth),
      logger: silentLogger,
      host: '127.0.0.1',
      port: 0,
      auth: createPassthroughResourceServer({
        authenticator: createPassthroughAuthenticator(),
        inner: createResourceServer({
          mode: 'api-key',
          resource,
          authorizationServers: [],
          verifier: createApiKeyVerifier(parseApiKeys(`gateway:${KEY}:read`, 'test keys')),
          logger: silentLogger,
        }),
        resource,
      }),
    });
  });
  afterAll(() => guarded?.close());

  it('checks the MCP token first, then calls as the header’s user within the token’s scopes', async () => {
    const upstream = { 'X-Upstream-Authorization': `OAuth ${tokens.bob}` };
    const before = emulator.requests.length;
    const anonymous = await fetch(guarded.url, {
      method: 'POST',
      headers: {
        ...upstream,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(anonymous.status).toBe(401); // the MCP token is missing: the header alone is not enough
    expect(emulator.requests.length).toBe(before);

    const connection = await connectHttp(guarded.url, {
      headers: { ...upstream, authorization: `Bearer ${KEY}` },
    });
    try {
      const me = await connection.client.callTool({ name: 'tracker_get_current_user', arguments: {} });
      expect(JSON.parse(resultText(me))).toMatchObject({ login: 'bob' });
      const { tools } = await connection.client.listTools();
      expect(tools.some((tool) => tool.name === 'tracker_create_issue')).toBe(false); // read scope only
      expect(emulator.requests.at(-1)!.headers['authorization']).toBe(`OAuth ${tokens.bob}`);
    } finally {
      await connection.close();
    }
  });
});
