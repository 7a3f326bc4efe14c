import { describe, expect, it } from '@jest/globals';
import { parseServeArgs, usage } from './serve-cli.ts';

describe('parseServeArgs: HTTP hardening flags', () => {
  it('defaults: no extra hosts, 1000 sessions, 30 minutes idle, 512 connections, 64 MiB of bodies, 30 s per request', () => {
    expect(parseServeArgs([], {})).toMatchObject({
      allowedHosts: [],
      allowedOrigins: [],
      maxSessions: 1000,
      sessionIdleTimeoutMs: 1_800_000,
      maxConnections: 512,
      maxBufferedBytes: 64 * 1024 * 1024,
      requestTimeoutMs: 30_000,
    });
  });

  it('reads the request limits from flags and the environment, and names a bad one', () => {
    expect(
      parseServeArgs(['--max-connections', '8', '--max-buffered-mb', '0.5'], { MCP_REQUEST_TIMEOUT: '0' }),
    ).toMatchObject({ maxConnections: 8, maxBufferedBytes: 512 * 1024, requestTimeoutMs: 0 });
    expect(
      parseServeArgs([], {
        MCP_MAX_CONNECTIONS: '3',
        MCP_MAX_BUFFERED_MB: '256',
        MCP_REQUEST_TIMEOUT: '2.5',
      }),
    ).toMatchObject({ maxConnections: 3, maxBufferedBytes: 256 * 1024 * 1024, requestTimeoutMs: 2500 });
    expect(() =>
      parseServeArgs(['--max-connections', '0', '--max-buffered-mb', 'lots', '--request-timeout=-1'], {}),
    ).toThrow(
      [
        '- --max-connections: "0" is not a number of connections. Use a whole number of 1 or more (default 512).',
        '- --max-buffered-mb: "lots" is not a size in MiB. Use MiB above 0, e.g. 256 (default 64); at least the largest body (4 MiB) to accept every request.',
        '- --request-timeout: "-1" is not a number of seconds. Use seconds, e.g. 60, or 0 for no limit (default 30).',
      ].join('\n'),
    );
  });

  it('reads flags, and the environment when a flag is absent', () => {
    expect(
      parseServeArgs(['--allowed-hosts', 'mcp.example.com, b.example:8443', '--max-sessions', '3'], {
        MCP_MAX_SESSIONS: '9',
        MCP_SESSION_IDLE_TIMEOUT: '0.2',
      }),
    ).toMatchObject({
      allowedHosts: ['mcp.example.com', 'b.example:8443'],
      maxSessions: 3,
      sessionIdleTimeoutMs: 200,
    });
    expect(
      parseServeArgs([], { MCP_ALLOWED_HOSTS: 'a.example', MCP_SESSION_IDLE_TIMEOUT: '0' }),
    ).toMatchObject({ allowedHosts: ['a.example'], sessionIdleTimeoutMs: 0 });
    expect(
      parseServeArgs(['--allowed-origins', 'https://app.example.com,http://localhost:5173'], {}),
    ).toMatchObject({ allowedOrigins: ['https://app.example.com', 'http://localhost:5173'] });
    expect(parseServeArgs([], { MCP_ALLOWED_ORIGINS: 'https://a.example' })).toMatchObject({
      allowedOrigins: ['https://a.example'],
    });
  });

  it('reads the requestState secret from the environment only, and refuses a short one', () => {
    const secret = 'x'.repeat(32);
    expect(parseServeArgs([], { MCP_REQUEST_STATE_SECRET: secret })).toMatchObject({
      requestStateSecret: secret,
    });
    expect(parseServeArgs([], {})).not.toHaveProperty('requestStateSecret');
    expect(() => parseServeArgs([], { MCP_REQUEST_STATE_SECRET: 'short' })).toThrow(
      /MCP_REQUEST_STATE_SECRET: too short \(5 bytes\).*openssl rand/s,
    );
  });

  it('refuses an allowed origin that is not an origin, saying what one looks like', () => {
    expect(() => parseServeArgs(['--allowed-origins', 'https://app.example.com/path'], {})).toThrow(
      '- --allowed-origins: "https://app.example.com/path" is not an origin. Use origins as browsers send them: scheme, host and port only, e.g. "https://app.example.com,http://localhost:5173".',
    );
  });

  it('names each bad value and how to fix it', () => {
    expect(() =>
      parseServeArgs(
        ['--allowed-hosts', 'http://x/', '--max-sessions', '0', '--session-idle-timeout=soon'],
        {},
      ),
    ).toThrow(
      [
        'Invalid configuration:',
        '- --allowed-hosts: "http://x/" is not a host name. Use host names or addresses, optionally with a port: "mcp.example.com,mcp.example.com:8443".',
        '- --max-sessions: "0" is not a number of sessions. Use a whole number of 1 or more (default 1000).',
        '- --session-idle-timeout: "soon" is not a number of seconds. Use seconds, e.g. 1800 for 30 minutes, or 0 to keep idle sessions (default 1800).',
      ].join('\n'),
    );
  });

  it('shows the flags and their environment variables in usage()', () => {
    const text = usage('my-server');
    for (const name of [
      '--allowed-hosts',
      'MCP_ALLOWED_HOSTS',
      '--allowed-origins',
      'MCP_ALLOWED_ORIGINS',
      '--max-sessions',
      'MCP_MAX_SESSIONS',
      '--session-idle-timeout',
      'MCP_SESSION_IDLE_TIMEOUT',
      '--max-connections',
      'MCP_MAX_CONNECTIONS',
      '--max-buffered-mb',
      'MCP_MAX_BUFFERED_MB',
      '--request-timeout',
      'MCP_REQUEST_TIMEOUT',
    ]) {
      expect(text).toContain(name);
    }
  });
});
