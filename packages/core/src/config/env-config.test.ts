import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { ConfigError } from '../errors/config-error.ts';
import { envInteger, envList, httpClientEnv, loadEnvConfig } from './env-config.ts';

const schema = z.object({
  TRACKER_TOKEN: z
    .string()
    .regex(/^y0_/, 'must be an OAuth token starting with y0_')
    .describe('Create an OAuth token at https://oauth.yandex.ru/ (scope tracker:read).'),
  TRACKER_ORG_ID: z.string().describe('Organization id: Tracker → Administration → Organizations.'),
  TRACKER_URL: z.url({ protocol: /^https?$/ }).default('https://api.tracker.yandex.net'),
  TRACKER_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  TRACKER_READ_ONLY: z.stringbool().default(false),
  TRACKER_QUEUES: envList().optional().describe('Comma-separated queue keys, e.g. "TEST,OPS".'),
});

function configError(run: () => unknown): ConfigError {
  try {
    run();
  } catch (error) {
    if (ConfigError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadEnvConfig', () => {
  it('parses a complete environment and applies defaults', () => {
    const config = loadEnvConfig(schema, {
      TRACKER_TOKEN: 'y0_abc',
      TRACKER_ORG_ID: ' 123 ',
      TRACKER_TIMEOUT_MS: '5000',
      TRACKER_READ_ONLY: 'yes',
      TRACKER_QUEUES: 'TEST, OPS,,',
      UNRELATED: 'ignored',
    });
    expect(config).toEqual({
      TRACKER_TOKEN: 'y0_abc',
      TRACKER_ORG_ID: '123',
      TRACKER_URL: 'https://api.tracker.yandex.net',
      TRACKER_TIMEOUT_MS: 5000,
      TRACKER_READ_ONLY: true,
      TRACKER_QUEUES: ['TEST', 'OPS'],
    });
  });

  it('treats empty and blank values as missing, so defaults still apply', () => {
    const config = loadEnvConfig(schema, {
      TRACKER_TOKEN: 'y0_abc',
      TRACKER_ORG_ID: '1',
      TRACKER_URL: '',
      TRACKER_TIMEOUT_MS: '   ',
    });
    expect(config.TRACKER_URL).toBe('https://api.tracker.yandex.net');
    expect(config.TRACKER_TIMEOUT_MS).toBe(30_000);
  });

  it('reports a missing variable with how to obtain it', () => {
    const error = configError(() => loadEnvConfig(schema, { TRACKER_TOKEN: 'y0_abc', TRACKER_ORG_ID: '' }));
    expect(error.problems).toEqual([
      {
        variable: 'TRACKER_ORG_ID',
        problem: 'is not set.',
        howToFix: 'Organization id: Tracker → Administration → Organizations.',
      },
    ]);
  });

  it('lists every missing and malformed variable at once', () => {
    const error = configError(() =>
      loadEnvConfig(schema, {
        TRACKER_URL: 'ftp://files.example.com',
        TRACKER_TIMEOUT_MS: 'soon',
        TRACKER_READ_ONLY: 'maybe',
        TRACKER_QUEUES: 'A,B',
      }),
    );
    expect(error.message).toMatchInlineSnapshot(`
"Invalid configuration:
- TRACKER_TOKEN: is not set. Create an OAuth token at https://oauth.yandex.ru/ (scope tracker:read).
- TRACKER_ORG_ID: is not set. Organization id: Tracker → Administration → Organizations.
- TRACKER_URL: is malformed: Invalid URL.
- TRACKER_TIMEOUT_MS: is malformed: expected a number.
- TRACKER_READ_ONLY: is malformed: Invalid option: expected one of "true"|"1"|"yes"|"on"|"y"|"enabled"|"false"|"0"|"no"|"off"|"n"|"disabled"."
`);
    expect(error.problems.map((p) => p.variable)).toEqual([
      'TRACKER_TOKEN',
      'TRACKER_ORG_ID',
      'TRACKER_URL',
      'TRACKER_TIMEOUT_MS',
      'TRACKER_READ_ONLY',
    ]);
  });

  it('never echoes a malformed value, even when a refinement quotes it', () => {
    const token = 'ghp_totally-secret-value-42';
    const quoting = z.object({
      API_TOKEN: z
        .string()
        .refine((v) => v.startsWith('y0_'), {
          error: (issue) => `"${String(issue.input)}" is not a Yandex token`,
        })
        .describe('Get a token at https://oauth.yandex.ru/.'),
    });
    const error = configError(() => loadEnvConfig(quoting, { API_TOKEN: token }));
    expect(error.message).not.toContain(token);
    expect(JSON.stringify(error.problems)).not.toContain(token);
    expect(error.message).toContain(
      'API_TOKEN: is malformed: "[REDACTED]" is not a Yandex token. Get a token at https://oauth.yandex.ru/.',
    );

    const plain = configError(() => loadEnvConfig(schema, { TRACKER_TOKEN: token, TRACKER_ORG_ID: '1' }));
    expect(plain.message).not.toContain(token);
    expect(plain.message).toContain('TRACKER_TOKEN: is malformed: must be an OAuth token starting with y0_.');
  });

  it('validates list items and says which one is wrong', () => {
    const lists = z.object({ STATES: envList(z.enum(['open', 'closed'])) });
    expect(loadEnvConfig(lists, { STATES: 'open,closed' })).toEqual({ STATES: ['open', 'closed'] });
    const error = configError(() => loadEnvConfig(lists, { STATES: 'open,done' }));
    expect(error.problems[0]?.problem).toBe(
      'is malformed: 1: Invalid option: expected one of "open"|"closed".',
    );
  });

  it('explains a schema that forgot to convert a string', () => {
    const error = configError(() => loadEnvConfig(z.object({ PORT: z.number() }), { PORT: '8080' }));
    expect(error.problems[0]?.problem).toContain(
      'environment values are strings: the schema must convert it',
    );
  });

  it('reports a cross-variable rule under "(configuration)"', () => {
    const either = z
      .object({ TOKEN: z.string().optional(), TOKEN_FILE: z.string().optional() })
      .refine((c) => c.TOKEN !== undefined || c.TOKEN_FILE !== undefined, 'set TOKEN or TOKEN_FILE');
    const error = configError(() => loadEnvConfig(either, {}));
    expect(error.problems).toEqual([{ variable: '(configuration)', problem: 'set TOKEN or TOKEN_FILE.' }]);
  });

  it('reads process.env by default', () => {
    process.env['TOOLSMITH_TEST_ENV_CONFIG'] = 'from-process';
    try {
      expect(loadEnvConfig(z.object({ TOOLSMITH_TEST_ENV_CONFIG: z.string() }))).toEqual({
        TOOLSMITH_TEST_ENV_CONFIG: 'from-process',
      });
    } finally {
      delete process.env['TOOLSMITH_TEST_ENV_CONFIG'];
    }
  });
});

describe('envInteger', () => {
  const limits = z.object({
    EXAMPLE_MAX_BATCH: envInteger({ min: 1, max: 500, fallback: 50 }).describe(
      'Most items per batch (1–500).',
    ),
    EXAMPLE_POLL_MS: envInteger({ min: 10 }).optional(),
  });

  it('reads a whole number, and the fallback when unset or empty', () => {
    expect(loadEnvConfig(limits, { EXAMPLE_MAX_BATCH: ' 120 ', EXAMPLE_POLL_MS: '10' })).toEqual({
      EXAMPLE_MAX_BATCH: 120,
      EXAMPLE_POLL_MS: 10,
    });
    expect(loadEnvConfig(limits, { EXAMPLE_MAX_BATCH: '' })).toEqual({ EXAMPLE_MAX_BATCH: 50 });
  });

  it.each([
    ['501', 'EXAMPLE_MAX_BATCH', '<=500'],
    ['0', 'EXAMPLE_MAX_BATCH', '>=1'],
    ['2.5', 'EXAMPLE_MAX_BATCH', 'is malformed: expected a whole number.'],
    ['lots', 'EXAMPLE_MAX_BATCH', 'expected a number'],
  ])('refuses %s, naming the variable and not the value', (value, variable, said) => {
    const error = configError(() => loadEnvConfig(limits, { [variable]: value }));
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toMatchObject({ variable, howToFix: 'Most items per batch (1–500).' });
    expect(error.problems[0]!.problem).toContain(said);
    expect(error.message).not.toContain(`${value} `);
  });
});

describe('httpClientEnv', () => {
  const schema = z.object(
    httpClientEnv('EXAMPLE', { concurrency: 5, concurrencyNote: 'The API limits bursts.' }),
  );

  it('gives the three client variables under the prefix, with their defaults and help', () => {
    expect(loadEnvConfig(schema, {})).toEqual({
      EXAMPLE_TIMEOUT_MS: 30_000,
      EXAMPLE_RETRIES: 3,
      EXAMPLE_CONCURRENCY: 5,
    });
    expect(schema.shape.EXAMPLE_CONCURRENCY.description).toBe(
      'Requests in flight at once (1–32). The API limits bursts.',
    );
    expect(schema.shape.EXAMPLE_TIMEOUT_MS.description).toBe(
      'Per-request timeout in milliseconds (1000–300000).',
    );
  });

  it('refuses values out of bounds, every bad variable at once', () => {
    const error = configError(() =>
      loadEnvConfig(schema, { EXAMPLE_TIMEOUT_MS: '999', EXAMPLE_RETRIES: '11', EXAMPLE_CONCURRENCY: '33' }),
    );
    expect(error.problems.map((p) => p.variable)).toEqual([
      'EXAMPLE_TIMEOUT_MS',
      'EXAMPLE_RETRIES',
      'EXAMPLE_CONCURRENCY',
    ]);
  });
});
