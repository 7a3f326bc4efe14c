import { afterEach, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OAuthError } from '@modelcontextprotocol/server';
import { ConfigError } from '../errors/config-error.ts';
import { createApiKeyVerifier, loadApiKeys, parseApiKeys } from './api-key-verifier.ts';
import { authCacheKey } from './token-hash.ts';

const ALICE = 'alice-key-0123456789abcdefghijklmnopqrstuvwxyz';
const BOT = 'bot-key:with-a-colon-0123456789abcdefghijklmnop';
const digest = (key: string) => createHash('sha256').update(key).digest('base64url');

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (e: unknown) => e,
  );
}

describe('API keys', () => {
  it('reads lines (keys or their sha256) and JSON, and keeps only digests', () => {
    const lines = parseApiKeys(
      `# team keys\nalice:${ALICE}:read write\n\nci-bot:sha256:${digest(BOT)}:read\n`,
      'test',
    );
    const json = parseApiKeys(
      JSON.stringify([
        { name: 'alice', key: ALICE, scopes: ['read', 'write'] },
        { name: 'ci-bot', sha256: digest(BOT), scopes: ['read'] },
      ]),
      'test',
    );
    for (const entries of [lines, json]) {
      expect(entries.map((e) => [e.name, e.scopes])).toEqual([
        ['alice', ['read', 'write']],
        ['ci-bot', ['read']],
      ]);
      const kept = JSON.stringify(entries) + entries.map((e) => e.digest.toString('latin1')).join('');
      expect(kept).not.toContain(ALICE);
      expect(kept).not.toContain(BOT);
    }
  });

  it('verifies a known key as its name and scopes, and refuses an unknown one', async () => {
    const verifier = createApiKeyVerifier(parseApiKeys(`alice:${ALICE}:read write,bot:${BOT}:read`, 'env'));
    await expect(verifier.verify(ALICE)).resolves.toMatchObject({
      subject: 'alice',
      clientId: 'alice',
      scopes: ['read', 'write'],
      cacheKey: authCacheKey('api-key', 'alice'),
    });
    await expect(verifier.verify(BOT)).resolves.toMatchObject({ subject: 'bot', scopes: ['read'] });
    for (const wrong of [`${ALICE}x`, ALICE.slice(0, -1), '', digest(ALICE)]) {
      const error = await refusal(verifier.verify(wrong));
      expect(error).toBeInstanceOf(OAuthError);
      expect((error as OAuthError).code).toBe('invalid_token');
    }
  });

  it('refuses short keys, duplicate names, missing scopes and bad JSON without quoting a key', () => {
    const cases = [
      'alice:short:read',
      `alice:${ALICE}:read\nalice:${BOT}:read`,
      `alice:${ALICE}:`,
      `alice:${ALICE}`,
      '[{"name": "alice"',
      `bad name:${ALICE}:read`,
      '',
    ];
    for (const text of cases) {
      let error: unknown;
      try {
        parseApiKeys(text, 'MCP_AUTH_API_KEYS');
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).not.toContain(ALICE);
      expect((error as Error).message).toContain('MCP_AUTH_API_KEYS');
    }
  });

  it('loads from a file, else from the environment, and says how when there are none', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'api-keys-'));
    folders.push(folder);
    const file = join(folder, 'keys.txt');
    await writeFile(file, `alice:${ALICE}:admin\n`);
    expect((await loadApiKeys({ file, env: `bot:${BOT}:read` })).map((e) => e.name)).toEqual(['alice']);
    expect((await loadApiKeys({ env: `bot:${BOT}:read` })).map((e) => e.name)).toEqual(['bot']);
    expect(String(await refusal(loadApiKeys({})))).toContain('--auth-api-keys FILE or set MCP_AUTH_API_KEYS');
    expect(String(await refusal(loadApiKeys({ file: join(folder, 'missing') })))).toContain('ENOENT');
  });
});
