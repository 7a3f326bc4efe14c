import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '@toolsmith/core';
import { generateServiceAccountKey } from './auth/__fixtures__/iam-fixture.ts';
import { loadConfig, type LoadConfigOptions } from './config.ts';

const SECRET = 'y0_config_test_SECRET_TOKEN';

function problems(env: Record<string, string>, options?: LoadConfigOptions): string {
  try {
    loadConfig(env, options);
  } catch (error) {
    expect(ConfigError.isInstance(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('builds OAuth + X-Org-ID with defaults', () => {
    const config = loadConfig({ YANDEX_TRACKER_TOKEN: SECRET, YANDEX_ORG_ID: '123' });
    expect(config).toMatchObject({
      apiBase: 'https://api.tracker.yandex.net',
      upstreamAuth: { mode: 'server', credentials: { kind: 'oauth-token', scheme: 'OAuth', token: SECRET } },
      org: { header: 'X-Org-ID', id: '123' },
      concurrency: 5,
      maxBatch: 50,
      queues: undefined,
      readOnlyQueues: [],
    });
  });

  it('builds IAM + X-Cloud-Org-ID', () => {
    const config = loadConfig({ YANDEX_TRACKER_IAM_TOKEN: SECRET, YANDEX_CLOUD_ORG_ID: 'bpf123' });
    expect(config.upstreamAuth).toEqual({
      mode: 'server',
      credentials: { kind: 'iam-token', scheme: 'Bearer', token: SECRET },
    });
    expect(config.org).toEqual({ header: 'X-Cloud-Org-ID', id: 'bpf123' });
  });

  it('says what to set when nothing is set', () => {
    const message = problems({});
    expect(message).toContain(
      '- YANDEX_TRACKER_TOKEN: is not set (nor YANDEX_TRACKER_IAM_TOKEN, nor a service account key). Set YANDEX_TRACKER_TOKEN to an OAuth token',
    );
    expect(message).toContain(
      '- YANDEX_ORG_ID: is not set (nor YANDEX_CLOUD_ORG_ID). Set YANDEX_ORG_ID (Yandex 360) or YANDEX_CLOUD_ORG_ID (Yandex Cloud)',
    );
  });

  it('refuses both organisation headers, and names the fix', () => {
    const message = problems({ YANDEX_TRACKER_TOKEN: SECRET, YANDEX_ORG_ID: '1', YANDEX_CLOUD_ORG_ID: 'b' });
    expect(message).toContain('the API takes exactly one organisation header');
    expect(message).toContain('Unset one: YANDEX_ORG_ID for a Yandex 360 organisation');
    expect(message).not.toContain(SECRET);
  });

  it('refuses an IAM token with a Yandex 360 organisation', () => {
    expect(problems({ YANDEX_TRACKER_IAM_TOKEN: SECRET, YANDEX_ORG_ID: '1' })).toContain(
      '- YANDEX_TRACKER_IAM_TOKEN: works only with Cloud organisations. Use YANDEX_CLOUD_ORG_ID with an IAM token',
    );
  });

  it('validates queue lists and numbers without echoing values', () => {
    const message = problems({
      YANDEX_TRACKER_TOKEN: SECRET,
      YANDEX_ORG_ID: '1',
      YANDEX_TRACKER_QUEUES: 'DEMO,ops',
      YANDEX_TRACKER_CONCURRENCY: '100',
    });
    expect(message).toContain('YANDEX_TRACKER_QUEUES');
    expect(message).toContain('queue keys are upper-case letters and digits');
    expect(message).toContain('YANDEX_TRACKER_CONCURRENCY');
    expect(message).not.toContain(SECRET);
  });

  it('reads the queue allow-list and read-only queues', () => {
    const config = loadConfig({
      YANDEX_TRACKER_TOKEN: SECRET,
      YANDEX_ORG_ID: '1',
      YANDEX_TRACKER_QUEUES: 'DEMO, OPS',
      YANDEX_TRACKER_READ_ONLY_QUEUES: 'OPS',
    });
    expect(config.queues).toEqual(['DEMO', 'OPS']);
    expect(config.readOnlyQueues).toEqual(['OPS']);
  });

  it('confirms irreversible changes and fetches no URL unless told otherwise', () => {
    const base = { YANDEX_TRACKER_TOKEN: SECRET, YANDEX_ORG_ID: '1' };
    expect(loadConfig(base)).toMatchObject({
      confirmDestructive: true,
      uploadUrl: { hosts: [], maxBytes: 10 * 1024 * 1024, timeoutMs: 30_000 },
    });
    const config = loadConfig({
      ...base,
      YANDEX_TRACKER_CONFIRM_DESTRUCTIVE: 'false',
      YANDEX_TRACKER_UPLOAD_URL_HOSTS: 'files.example.com, *.cdn.example.com,10.0.0.5',
      YANDEX_TRACKER_UPLOAD_URL_MAX_BYTES: '2048',
    });
    expect(config.confirmDestructive).toBe(false);
    expect(config.uploadUrl).toEqual({
      hosts: ['files.example.com', '*.cdn.example.com', '10.0.0.5'],
      maxBytes: 2048,
      timeoutMs: 30_000,
    });
    const message = problems({
      ...base,
      YANDEX_TRACKER_CONFIRM_DESTRUCTIVE: 'maybe',
      YANDEX_TRACKER_UPLOAD_URL_HOSTS: 'https://files.example.com/',
      YANDEX_TRACKER_UPLOAD_URL_MAX_BYTES: String(51 * 1024 * 1024),
    });
    expect(message).toContain('YANDEX_TRACKER_CONFIRM_DESTRUCTIVE');
    expect(message).toContain('YANDEX_TRACKER_UPLOAD_URL_HOSTS');
    expect(message).toContain('YANDEX_TRACKER_UPLOAD_URL_MAX_BYTES');
  });
});

describe('loadConfig: service accounts and per-user modes', () => {
  const key = generateServiceAccountKey();
  const readFile = (path: string) => {
    expect(path).toBe('/run/secrets/key.json');
    return key.file;
  };

  it('reads a service account key file (Cloud organisations) with the default IAM endpoint', () => {
    const config = loadConfig(
      { YANDEX_SA_KEY_FILE: '/run/secrets/key.json', YANDEX_CLOUD_ORG_ID: 'bpf1' },
      { readFile },
    );
    expect(config.upstreamAuth).toEqual({
      mode: 'server',
      credentials: {
        kind: 'service-account',
        key: { keyId: key.keyId, serviceAccountId: key.serviceAccountId, privateKeyPem: expect.any(String) },
        iamEndpoint: 'https://iam.api.cloud.yandex.net/iam/v1/tokens',
      },
    });
  });

  it('refuses a service account with a token, with a Yandex 360 organisation, and both key forms', () => {
    expect(
      problems({
        YANDEX_SA_KEY_FILE: '/run/secrets/key.json',
        YANDEX_TRACKER_TOKEN: SECRET,
        YANDEX_CLOUD_ORG_ID: 'b',
      }),
    ).toContain('- YANDEX_TRACKER_TOKEN: and YANDEX_SA_KEY_FILE are both set. Keep one');
    expect(
      problems({ YANDEX_SA_KEY_FILE: '/run/secrets/key.json', YANDEX_ORG_ID: '1' }, { readFile }),
    ).toContain(
      '- YANDEX_SA_KEY_FILE: gives IAM tokens, which work only with Cloud organisations. Use YANDEX_CLOUD_ORG_ID',
    );
    const both = problems(
      { YANDEX_SA_KEY_FILE: '/run/secrets/key.json', YANDEX_SA_KEY_ID: key.keyId, YANDEX_CLOUD_ORG_ID: 'b' },
      { readFile },
    );
    expect(both).toContain(
      '- YANDEX_SA_KEY_FILE: and YANDEX_SA_KEY_ID are both set: the key is given twice.',
    );
  });

  it('names the key file field that is wrong', () => {
    const broken = JSON.stringify({ ...JSON.parse(key.file), private_key: 'not a key' });
    const message = problems(
      { YANDEX_SA_KEY_FILE: '/run/secrets/key.json', YANDEX_CLOUD_ORG_ID: 'b' },
      { readFile: () => broken },
    );
    expect(message).toContain('- YANDEX_SA_KEY_FILE "private_key": is not a PKCS#8 PEM private key');
    expect(message).not.toContain('not a key');
  });

  it('pass-through: the gateway header, and no credentials of the server', () => {
    const config = loadConfig({ YANDEX_TRACKER_UPSTREAM_AUTH: 'passthrough', YANDEX_ORG_ID: '1' });
    expect(config.upstreamAuth).toEqual({ mode: 'passthrough', header: 'X-Upstream-Authorization' });
    const withToken = problems({
      YANDEX_TRACKER_UPSTREAM_AUTH: 'passthrough',
      YANDEX_TRACKER_TOKEN: SECRET,
      YANDEX_ORG_ID: '1',
    });
    expect(withToken).toContain(
      '- YANDEX_TRACKER_TOKEN: is set, but in pass-through mode every call uses the Yandex token the gateway sends for its user; the server never calls Tracker as itself. Unset YANDEX_TRACKER_TOKEN.',
    );
    expect(withToken).not.toContain(SECRET);
  });

  it('pass-through never reads the MCP Authorization header', () => {
    for (const header of ['Authorization', 'authorization', 'Proxy-Authorization']) {
      expect(
        problems({
          YANDEX_TRACKER_UPSTREAM_AUTH: 'passthrough',
          YANDEX_TRACKER_UPSTREAM_HEADER: header,
          YANDEX_ORG_ID: '1',
        }),
      ).toContain(
        `- YANDEX_TRACKER_UPSTREAM_HEADER: is ${header}, which carries the MCP client's token for this server`,
      );
    }
  });

  it('login (--auth builtin): the Yandex OAuth app, and no credentials of the server', () => {
    const config = loadConfig(
      { YANDEX_OAUTH_CLIENT_ID: 'cid', YANDEX_OAUTH_CLIENT_SECRET: 'csecret', YANDEX_ORG_ID: '1' },
      { upstreamAuth: 'login' },
    );
    expect(config.upstreamAuth).toEqual({
      mode: 'login',
      yandexOAuth: {
        clientId: 'cid',
        clientSecret: 'csecret',
        oauthBase: 'https://oauth.yandex.ru',
        loginBase: 'https://login.yandex.ru',
      },
    });
    const message = problems(
      { YANDEX_TRACKER_IAM_TOKEN: SECRET, YANDEX_CLOUD_ORG_ID: 'b' },
      { upstreamAuth: 'login' },
    );
    expect(message).toContain('- YANDEX_TRACKER_IAM_TOKEN: is set, but with --auth builtin every call uses');
    expect(message).toContain('- YANDEX_OAUTH_CLIENT_ID: is not set, and --auth builtin logs users in');
    expect(message).toContain('- YANDEX_OAUTH_CLIENT_SECRET: is not set');
  });
});
