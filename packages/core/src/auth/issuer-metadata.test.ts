import { afterEach, describe, expect, it } from '@jest/globals';
import { ConfigError } from '../errors/config-error.ts';
import { startTestIssuer, type TestIssuer } from './__fixtures__/test-issuer.ts';
import { discoverIssuer, metadataUrls } from './issuer-metadata.ts';

const issuers: TestIssuer[] = [];
afterEach(async () => {
  await Promise.all(issuers.splice(0).map((issuer) => issuer.close()));
});

async function issuerOf(options: { path?: string; discovery?: 'oauth' | 'openid' } = {}) {
  const issuer = await startTestIssuer({ audience: 'http://127.0.0.1/mcp', ...options });
  issuers.push(issuer);
  return issuer;
}

async function configError(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConfigError);
  return (error as ConfigError).message;
}

describe('discoverIssuer', () => {
  it('tries RFC 8414 with the path inserted, then OpenID inserted and appended', () => {
    expect(metadataUrls(new URL('https://sso.example.com'))).toEqual([
      'https://sso.example.com/.well-known/oauth-authorization-server',
      'https://sso.example.com/.well-known/openid-configuration',
    ]);
    expect(metadataUrls(new URL('https://sso.example.com/realms/team/'))).toEqual([
      'https://sso.example.com/.well-known/oauth-authorization-server/realms/team',
      'https://sso.example.com/.well-known/openid-configuration/realms/team',
      'https://sso.example.com/realms/team/.well-known/openid-configuration',
    ]);
  });

  it('reads RFC 8414 metadata of an issuer with a path', async () => {
    const issuer = await issuerOf({ path: '/tenant' });
    const metadata = await discoverIssuer(issuer.issuer);
    expect(metadata).toMatchObject({
      issuer: issuer.issuer,
      jwksUri: issuer.jwksUri,
      introspectionEndpoint: issuer.introspectionEndpoint,
      scopesSupported: ['read', 'write', 'admin'],
    });
    expect(metadata.source).toContain('/.well-known/oauth-authorization-server/tenant');
  });

  it('falls back to OpenID Connect discovery', async () => {
    const issuer = await issuerOf({ discovery: 'openid' });
    const metadata = await discoverIssuer(issuer.issuer);
    expect(metadata.source).toBe(`${issuer.issuer}/.well-known/openid-configuration`);
    expect(metadata.jwksUri).toBe(issuer.jwksUri);
  });

  it('refuses a document that names another issuer', async () => {
    const issuer = await issuerOf({ path: '/tenant' });
    const fetchOther: typeof fetch = async (url, init) => {
      const response = await fetch(url, init);
      const body = (await response.json()) as Record<string, unknown>;
      return Response.json({ ...body, issuer: 'https://evil.example.com' });
    };
    const message = await configError(discoverIssuer(issuer.issuer, { fetch: fetchOther }));
    expect(message).toContain('describes issuer "https://evil.example.com"');
  });

  it('says which URLs it tried when none answers, and refuses plain http off localhost', async () => {
    const issuer = await issuerOf();
    const missing = await configError(discoverIssuer(`${issuer.issuer}/nothing-here`));
    expect(missing).toContain('HTTP 404');
    expect(missing).toContain('/.well-known/oauth-authorization-server/nothing-here');
    const down = await configError(discoverIssuer('http://127.0.0.1:9', { timeoutMs: 500 }));
    expect(down).toContain('unreachable');
    expect(await configError(discoverIssuer('http://sso.example.com'))).toContain('must be https');
    expect(await configError(discoverIssuer('not a url'))).toContain('is not a URL');
  });
});
