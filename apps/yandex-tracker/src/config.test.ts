import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '@toolsmith/core';
import { loadConfig } from './config.ts';

const SECRET = 'y0_config_test_SECRET_TOKEN';

function problems(env: Record<string, string>): string {
  try {
    loadConfig(env);
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
      auth: { scheme: 'OAuth', token: SECRET },
      org: { header: 'X-Org-ID', id: '123' },
      concurrency: 5,
      maxBatch: 50,
      queues: undefined,
      readOnlyQueues: [],
    });
  });

  it('builds IAM + X-Cloud-Org-ID', () => {
    const config = loadConfig({ YANDEX_TRACKER_IAM_TOKEN: SECRET, YANDEX_CLOUD_ORG_ID: 'bpf123' });
    expect(config.auth).toEqual({ scheme: 'Bearer', token: SECRET });
    expect(config.org).toEqual({ header: 'X-Cloud-Org-ID', id: 'bpf123' });
  });

  it('says what to set when nothing is set', () => {
    const message = problems({});
    expect(message).toContain(
      '- YANDEX_TRACKER_TOKEN: is not set (nor YANDEX_TRACKER_IAM_TOKEN). Set YANDEX_TRACKER_TOKEN to an OAuth token',
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
});
