import { spawnSync } from 'node:child_process';
import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '@toolsmith/core';
import { BIN, serverEnv } from '../e2e/__fixtures__/tracker-fixture.ts';
import { takeUpstreamAuthFlags } from './upstream-auth-flags.ts';

describe('takeUpstreamAuthFlags', () => {
  it("takes the app's flags out of the command line, in both spellings, and leaves core's", () => {
    const flags = takeUpstreamAuthFlags(
      [
        '--transport',
        'http',
        '--upstream-auth',
        'passthrough',
        '--upstream-auth-header=X-Yandex-Token',
        '--read-only',
      ],
      {},
    );
    expect(flags).toEqual({
      argv: ['--transport', 'http', '--read-only'],
      env: { YANDEX_TRACKER_UPSTREAM_AUTH: 'passthrough', YANDEX_TRACKER_UPSTREAM_HEADER: 'X-Yandex-Token' },
      builtinAuth: false,
    });
  });

  it('sees --auth builtin (flag or MCP_AUTH) and leaves it for core', () => {
    expect(takeUpstreamAuthFlags(['--auth', 'builtin'], {})).toMatchObject({
      argv: ['--auth', 'builtin'],
      builtinAuth: true,
    });
    expect(takeUpstreamAuthFlags(['--auth=builtin'], {}).builtinAuth).toBe(true);
    expect(takeUpstreamAuthFlags([], { MCP_AUTH: 'builtin' }).builtinAuth).toBe(true);
    expect(takeUpstreamAuthFlags(['--auth', 'jwt'], { MCP_AUTH: 'builtin' }).builtinAuth).toBe(false);
  });

  it('refuses a flag without its value', () => {
    for (const argv of [['--upstream-auth'], ['--upstream-auth', '--read-only']]) {
      let error: unknown;
      try {
        takeUpstreamAuthFlags(argv, {});
      } catch (caught) {
        error = caught;
      }
      expect(ConfigError.isInstance(error)).toBe(true);
      expect((error as Error).message).toContain(
        '--upstream-auth: needs a value. e.g. --upstream-auth passthrough',
      );
    }
  });

  it('the bin refuses pass-through over stdio at start (no headers to read), naming the HTTP transport', () => {
    const result = spawnSync(
      process.execPath,
      ['--conditions=@toolsmith/source', BIN, '--upstream-auth', 'passthrough'],
      { env: serverEnv({ YANDEX_ORG_ID: '1' }), input: '', encoding: 'utf8', timeout: 20_000 },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      "- --upstream-auth: is passthrough, which reads each user's Yandex token",
    );
    expect(result.stderr).toContain('--transport http');
    expect(result.stdout).toBe('');
  });
});
