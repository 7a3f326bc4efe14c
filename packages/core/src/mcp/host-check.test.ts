import { describe, expect, it } from '@jest/globals';
import { createHostCheck, isLoopbackAddress, parseAllowedHost, parseHost } from './host-check.ts';

describe('host-check', () => {
  it('parses Host headers and refuses what is not one', () => {
    expect(parseHost('Example.com:8080')).toEqual({ hostname: 'example.com', port: 8080 });
    expect(parseHost('[::1]:3000')).toEqual({ hostname: '[::1]', port: 3000 });
    expect(parseHost('127.0.0.1')).toEqual({ hostname: '127.0.0.1' });
    for (const bad of ['a b', '', 'a:b', 'a:99999', '::1', 'user@host', 'host/path', '[::1]x']) {
      expect([bad, parseHost(bad)]).toEqual([bad, undefined]);
    }
  });

  it('reads allowedHosts entries, bare IPv6 included', () => {
    expect(parseAllowedHost(' mcp.example.com ')).toEqual({ hostname: 'mcp.example.com' });
    expect(parseAllowedHost('::1')).toEqual({ hostname: '[::1]' });
    expect(parseAllowedHost('https://x')).toBeUndefined();
  });

  it('knows loopback listen addresses', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', '::ffff:127.0.0.1']) {
      expect([host, isLoopbackAddress(host)]).toEqual([host, true]);
    }
    for (const host of ['0.0.0.0', '::', '10.0.0.1', 'example.com']) {
      expect([host, isLoopbackAddress(host)]).toEqual([host, false]);
    }
  });

  it('refuses two Host headers, even two allowed ones', () => {
    const check = createHostCheck('127.0.0.1', undefined);
    expect(check(['127.0.0.1', 'evil.example'])).toEqual({
      ok: false,
      status: 400,
      message:
        'Bad request: the request has 2 Host headers. Send exactly one: the host and port you connected to, e.g. "Host: 127.0.0.1:3000".',
    });
    expect(check(['localhost', 'localhost']).ok).toBe(false);
    expect(check(['localhost']).ok).toBe(true);
  });

  it('quotes at most 60 characters of a refused Host', () => {
    const check = createHostCheck('127.0.0.1', undefined);
    const long = `${'a'.repeat(3000)}.example`;
    const verdict = check(long);
    expect(verdict).toMatchObject({ ok: false, status: 403 });
    const message = (verdict as { message: string }).message;
    expect(message).toContain(`Host "${'a'.repeat(60)}…" is not allowed`);
    expect(message).toContain('--allowed-hosts <host name>');
    expect(message.length).toBeLessThan(400);
    const invalid = check(`${'a'.repeat(3000)} b`);
    expect((invalid as { message: string }).message.length).toBeLessThan(300);
  });
});
