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

describe('parseServeArgs: authentication flags', () => {
  it('defaults to --auth none and reads the auth flags and their environment variables', () => {
    expect(parseServeArgs([], {})).toMatchObject({ auth: 'none', allowUnauthenticated: false });
    expect(
      parseServeArgs(
        [
          '--transport',
          'http',
          '--auth',
          'jwt',
          '--auth-issuer',
          'https://sso.example.com',
          '--public-url',
          'https://mcp.example.com/mcp',
        ],
        { MCP_AUTH_AUDIENCE: 'https://mcp.example.com/mcp' },
      ),
    ).toMatchObject({
      auth: 'jwt',
      authIssuer: 'https://sso.example.com',
      authAudience: 'https://mcp.example.com/mcp',
      publicUrl: 'https://mcp.example.com/mcp',
    });
    expect(
      parseServeArgs(['--auth-api-keys', '/etc/keys'], {
        MCP_AUTH: 'api-key',
        MCP_AUTH_ISSUER: 'https://a.example',
      }),
    ).toMatchObject({ auth: 'api-key', authApiKeysFile: '/etc/keys', authIssuer: 'https://a.example' });
  });

  it('refuses to serve HTTP without authentication on a non-loopback address, saying which flag and why', () => {
    expect(() => parseServeArgs(['--transport', 'http', '--host', '0.0.0.0'], {})).toThrow(
      /--auth: serving HTTP on 0\.0\.0\.0 without authentication would let anyone who reaches the port call every tool with this server's own credentials\. Choose --auth jwt, introspection, api-key or builtin; or listen on 127\.0\.0\.1; or, when a proxy in front authenticates every request, pass --allow-unauthenticated/,
    );
    expect(
      parseServeArgs(['--transport', 'http', '--host', '0.0.0.0', '--allow-unauthenticated'], {}),
    ).toMatchObject({ auth: 'none', allowUnauthenticated: true, host: '0.0.0.0' });
    expect(
      parseServeArgs(['--transport', 'http', '--host', '0.0.0.0'], { MCP_ALLOW_UNAUTHENTICATED: '1' }),
    ).toMatchObject({
      allowUnauthenticated: true,
    });
    expect(parseServeArgs(['--transport', 'http', '--host', '::1'], {})).toMatchObject({ auth: 'none' });
    expect(parseServeArgs(['--host', '0.0.0.0'], {})).toMatchObject({ transport: 'stdio' });
  });

  it('names an unknown mode, a URL that is not one, and a missing --public-url off loopback', () => {
    expect(() => parseServeArgs(['--auth', 'oauth', '--auth-issuer', 'sso.example.com'], {})).toThrow(
      [
        '- --auth: unknown mode "oauth". Use none, jwt, introspection, api-key, builtin.',
        '- --auth-issuer: "sso.example.com" is not an http(s) URL. Give a full URL, e.g. https://mcp.example.com/mcp.',
      ].join('\n'),
    );
    expect(() =>
      parseServeArgs(['--transport', 'http', '--host', '0.0.0.0', '--auth', 'api-key'], {}),
    ).toThrow(/--public-url: with --auth on 0\.0\.0\.0, the server cannot tell the URL clients reach it at/);
  });

  it('shows the auth flags in usage()', () => {
    const text = usage('my-server');
    for (const name of [
      '--auth ',
      'MCP_AUTH',
      '--auth-issuer',
      '--auth-audience',
      '--public-url',
      'MCP_PUBLIC_URL',
      '--auth-api-keys',
      '--allow-unauthenticated',
      'MCP_AUTH_CLIENT_SECRET',
    ]) {
      expect(text).toContain(name);
    }
  });
});

describe('parseServeArgs: --tool-search', () => {
  it('ranks lexically by default, hybrid on request (flag or MCP_TOOL_SEARCH), and names a bad ranking', () => {
    expect(parseServeArgs([], {}).toolSearch).toBe('lexical');
    expect(parseServeArgs(['--tool-search', 'hybrid'], {}).toolSearch).toBe('hybrid');
    expect(parseServeArgs([], { MCP_TOOL_SEARCH: 'hybrid' }).toolSearch).toBe('hybrid');
    expect(() => parseServeArgs(['--tool-search', 'fuzzy'], {})).toThrow(
      '--tool-search: unknown ranking "fuzzy". Use "lexical" (the default) or "hybrid" (with @toolsmith/knowledge-search installed).',
    );
    expect(usage('x')).toContain('--tool-search <ranking>');
  });
});
