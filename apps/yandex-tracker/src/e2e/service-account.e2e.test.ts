/**
 * A service account end to end: the real bin over stdio with YANDEX_SA_KEY_FILE (a key file the
 * emulator made, as `yc` writes them) exchanges its JWT at the emulator's IAM endpoint and calls
 * Tracker as the account's user with `Bearer <IAM token>`; with IAM tokens that live 2 seconds it
 * goes on calling past several of their lives without a restart; nothing on stderr holds a token.
 * Bad key configurations stop the bin with the field named.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { silentLogger } from '@toolsmith/core';
import { createMcpServer } from '@toolsmith/core/mcp';
import { connectInMemory, connectStdio, type StdioConnection } from '@toolsmith/testing';
import { createTrackerEmulator, type TrackerEmulator } from '@toolsmith/yandex-tracker-emulator';
import { loadConfig } from '../config.ts';
import { createDeps, createRegistry, SERVER_NAME, SERVER_VERSION } from '../server.ts';
import { SERVICE_ACCOUNT_UNAUTHORIZED_HINT } from '../tools/meta/auth-guidance.ts';
import { BIN, serverEnv } from './__fixtures__/tracker-fixture.ts';

let emulator: TrackerEmulator;
let dir: string;
let keyFile: string;
let privateKey: string;

beforeAll(async () => {
  emulator = await createTrackerEmulator();
  dir = mkdtempSync(join(tmpdir(), 'tracker-sa-'));
  const key = await emulator.iam.createKey({ login: 'carol' });
  privateKey = key.private_key;
  keyFile = join(dir, 'key.json');
  writeFileSync(keyFile, JSON.stringify(key), { mode: 0o600 });
});
afterAll(async () => {
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

function env(extra: Record<string, string> = {}): Record<string, string> {
  return serverEnv({
    YANDEX_TRACKER_API_BASE: emulator.url,
    YANDEX_CLOUD_ORG_ID: emulator.cloudOrgId,
    YANDEX_IAM_ENDPOINT: emulator.iam.tokenUrl,
    YANDEX_SA_KEY_FILE: keyFile,
    ...extra,
  });
}

const text = (result: unknown) =>
  ((result as { content: { text: string }[] }).content ?? []).map((c) => c.text).join('\n');

describe('yandex-tracker-mcp with a service account', () => {
  let connection: StdioConnection;
  beforeAll(async () => {
    emulator.iam.tokenTtlMs = 2000;
    connection = await connectStdio({
      command: process.execPath,
      args: ['--conditions=@toolsmith/source', BIN, '--log-level', 'debug'],
      env: env(),
    });
  });
  afterAll(() => connection.close());

  it('calls Tracker as the service account, refreshing its IAM token without a restart', async () => {
    const started = Date.now();
    const users: string[] = [];
    const exchanged = () =>
      emulator.requests.filter((r) => r.method === 'POST' && r.path === '/iam/v1/tokens').length;
    // Past several token lives (2 s each): every call answers, as carol, with a token that was still
    // valid. Bounded by the exchanges seen, not by a fixed 5 s, which a loaded CI machine could spend
    // on a few slow calls within one token's life.
    while ((Date.now() - started < 5000 || exchanged() < 3) && Date.now() - started < 20_000) {
      const result = await connection.client.callTool({ name: 'tracker_get_current_user', arguments: {} });
      expect(result.isError).toBeFalsy();
      users.push((JSON.parse(text(result)) as { login: string }).login);
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
    expect(new Set(users)).toEqual(new Set(['carol']));
    const exchanges = emulator.requests.filter((r) => r.method === 'POST' && r.path === '/iam/v1/tokens');
    expect(exchanges.length).toBeGreaterThanOrEqual(3);
    const sent = new Set(
      emulator.requests
        .map((r) => r.headers['authorization'])
        .filter((value): value is string => value?.startsWith('Bearer ') === true),
    );
    expect(sent.size).toBeGreaterThanOrEqual(3); // a new token each life
    expect(emulator.requests.every((r) => r.status !== 401)).toBe(true);

    const stderr = connection.stderr();
    expect(stderr).toContain('service account IAM token exchanged');
    for (const header of sent) expect(stderr).not.toContain(header.slice('Bearer '.length));
    for (const exchange of exchanges) expect(stderr).not.toContain((exchange.body as { jwt: string }).jwt);
    expect(stderr).not.toContain(privateKey.split('\n')[2]!);
  });
});

describe('a service account token Tracker refuses', () => {
  it('is explained for a service account, and the next call exchanges a new one', async () => {
    emulator.iam.tokenTtlMs = 12 * 3_600_000;
    const config = loadConfig({
      YANDEX_TRACKER_API_BASE: emulator.url,
      YANDEX_CLOUD_ORG_ID: emulator.cloudOrgId,
      YANDEX_IAM_ENDPOINT: emulator.iam.tokenUrl,
      YANDEX_SA_KEY_FILE: keyFile,
    });
    const server = createMcpServer({
      name: SERVER_NAME,
      version: SERVER_VERSION,
      registry: createRegistry(),
      deps: createDeps(config, { retryBaseDelayMs: 5 }),
      logger: silentLogger,
    });
    const connection = await connectInMemory(server);
    try {
      const call = () => connection.client.callTool({ name: 'tracker_get_current_user', arguments: {} });
      expect((await call()).isError).toBeFalsy();
      const first = emulator.requests.at(-1)!.headers['authorization']!;
      expect(emulator.iam.revokeToken(first.slice('Bearer '.length))).toBe(true);
      const refused = await call();
      expect(refused.isError).toBe(true);
      expect(text(refused)).toContain('HTTP 401');
      expect(text(refused)).toContain(SERVICE_ACCOUNT_UNAUTHORIZED_HINT);
      expect(text(refused)).not.toContain(first.slice('Bearer '.length));
      const again = await call();
      expect(again.isError).toBeFalsy();
      expect(JSON.parse(text(again))).toMatchObject({ login: 'carol' });
      expect(emulator.requests.at(-1)!.headers['authorization']).not.toBe(first);
    } finally {
      await connection.close();
    }
  });
});

describe('yandex-tracker-mcp refuses a bad service account configuration', () => {
  const run = (extra: Record<string, string>) =>
    spawnSync(process.execPath, ['--conditions=@toolsmith/source', BIN], {
      env: env(extra),
      input: '',
      encoding: 'utf8',
      timeout: 20_000,
    });

  it('both key forms', () => {
    const result = run({ YANDEX_SA_KEY_ID: 'ajekey', YANDEX_SA_PRIVATE_KEY: 'x' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'YANDEX_SA_KEY_FILE: and YANDEX_SA_KEY_ID, YANDEX_SA_PRIVATE_KEY are both set: the key is given twice.',
    );
  });

  it('a malformed key file, naming the field', () => {
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, JSON.stringify({ id: 'ajekey0000000000001', private_key: privateKey }));
    const result = run({ YANDEX_SA_KEY_FILE: broken });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`YANDEX_SA_KEY_FILE: ${broken} has no "service_account_id"`);
    expect(result.stderr).not.toContain(privateKey.split('\n')[2]!);
  });
});
