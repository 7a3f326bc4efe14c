import { describe, expect, it } from '@jest/globals';
import { createPassthroughAuthenticator } from './passthrough-authenticator.ts';
import { UpstreamCredentialsError } from './upstream-credentials-error.ts';

const TOKEN = 'y0_PASSTHROUGH_user_token_51ab';

function refusal(run: () => unknown): UpstreamCredentialsError {
  try {
    run();
  } catch (error) {
    expect(UpstreamCredentialsError.isInstance(error)).toBe(true);
    return error as UpstreamCredentialsError;
  }
  throw new Error('expected a refusal');
}

describe('pass-through authenticator', () => {
  const passthrough = createPassthroughAuthenticator();

  it("takes the user's Yandex token from the gateway's header, never from Authorization", async () => {
    const context = passthrough.authenticate(
      new Headers({ 'x-upstream-authorization': `OAuth ${TOKEN}`, authorization: 'Bearer mcp-token' }),
    );
    expect(await context.upstreamCredentials()).toEqual({ scheme: 'OAuth', token: TOKEN });
    expect(context.cacheKey).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(context)).not.toContain(TOKEN);
    expect(context.subject).toMatch(/^upstream:[0-9a-f]{16}$/);
    expect(context.scopes).toEqual(['read', 'write', 'admin']);
    // node:http's header record, any case; an IAM token as Bearer
    const iam = passthrough.authenticate({ 'X-Upstream-Authorization': 'bearer t1.IAM' });
    expect(await iam.upstreamCredentials()).toEqual({ scheme: 'Bearer', token: 't1.IAM' });
  });

  it('refuses a request without the header, saying it is the gateway that must send it', () => {
    const error = refusal(() => passthrough.authenticate(new Headers({ authorization: `OAuth ${TOKEN}` })));
    expect(error.message).toContain('pass-through mode');
    expect(error.message).toContain('X-Upstream-Authorization header, which this request did not carry');
    expect(error.message).toContain('strip it from what clients send');
    expect(error.message).not.toContain(TOKEN);
  });

  it('refuses a header that is not "OAuth <token>" or "Bearer <token>", or is sent twice, without echoing it', () => {
    for (const value of [
      TOKEN,
      `Basic ${TOKEN}`,
      `OAuth ${TOKEN} extra`,
      `OAuth`,
      `OAuth ${TOKEN}, OAuth other`,
    ]) {
      const error = refusal(() => passthrough.authenticate({ 'x-upstream-authorization': value }));
      expect(error.message).toContain('must be "OAuth <token>"');
      expect(error.message).not.toContain(TOKEN);
    }
    refusal(() =>
      passthrough.authenticate({ 'x-upstream-authorization': [`OAuth ${TOKEN}`, 'OAuth another'] }),
    );
  });

  it('keys caches by the upstream token: two users never share, the same user always does', () => {
    const a = passthrough.authenticate({ 'x-upstream-authorization': 'OAuth token-a' });
    const b = passthrough.authenticate({ 'x-upstream-authorization': 'OAuth token-b' });
    const a2 = passthrough.authenticate({ 'x-upstream-authorization': 'OAuth token-a' });
    expect(a.cacheKey).not.toBe(b.cacheKey);
    expect(a2.cacheKey).toBe(a.cacheKey);
  });

  it("keeps the verified MCP token's subject and scopes, keyed by both", async () => {
    const verified = {
      subject: 'alice',
      clientId: 'claude',
      scopes: ['read'],
      claims: { sub: 'alice' },
      cacheKey: 'k1',
    };
    const context = passthrough.authenticate({ 'x-upstream-authorization': `OAuth ${TOKEN}` }, verified);
    expect(context).toMatchObject({
      subject: 'alice',
      clientId: 'claude',
      scopes: ['read'],
      claims: { sub: 'alice' },
    });
    const alone = passthrough.authenticate({ 'x-upstream-authorization': `OAuth ${TOKEN}` });
    expect(context.cacheKey).not.toBe(alone.cacheKey);
    expect(context.cacheKey).not.toBe('k1');
  });

  it('reads a configured header, and will not be configured to read Authorization', () => {
    const custom = createPassthroughAuthenticator({ header: 'X-Yandex-Token' });
    expect(() => custom.authenticate({ 'x-yandex-token': `OAuth ${TOKEN}` })).not.toThrow();
    expect(
      refusal(() => custom.authenticate({ 'x-upstream-authorization': `OAuth ${TOKEN}` })).message,
    ).toContain('X-Yandex-Token header');
    expect(() => createPassthroughAuthenticator({ header: 'Authorization' })).toThrow(
      "carries the MCP client's token for this server",
    );
  });
});
