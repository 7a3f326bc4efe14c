/**
 * RFC 7009 revocation of the JWT access tokens this server issues. oidc-provider revokes the
 * tokens it stores (refresh tokens) and, after authenticating the client, answers
 * `unsupported_token_type` for a structured (JWT) one — yet MCP clients sign out by revoking their
 * access token (VS Code, Claude), which would stay valid until it expires. A post-middleware on the
 * provider (oidc-provider's `provider.use`) takes that answer over: a JWT the server's own verifier
 * accepts (its key, issuer and audience, not expired, its grant alive), issued to the client that
 * authenticated, ends its grant — the access token is refused at once (the verifier checks the
 * grant by `gid`) and its refresh token with it. Anything else — forged, expired, another
 * audience's, already revoked — is answered 200 and revokes nothing (RFC 7009 §2.2).
 */
import { errors, type KoaContextWithOIDC, type Provider } from 'oidc-provider';
import type { AuthContext, TokenVerifier } from '../auth-context.ts';

export function revokeJwtAccessTokens(provider: Provider, verifier: TokenVerifier): void {
  const structured = new WeakSet<object>();
  // Emitted by the revocation route's error handler: the client is authenticated by then.
  provider.on('revocation.error', (ctx: KoaContextWithOIDC, error: Error) => {
    if (error instanceof errors.UnsupportedTokenType) structured.add(ctx);
  });
  provider.use(async (ctx, next) => {
    await next();
    if (!structured.has(ctx)) return;
    const { client, params } = (ctx as KoaContextWithOIDC).oidc;
    if (!client) return;
    const token = await verifier.verify(String(params?.['token'])).then(
      (context) => context,
      () => undefined,
    );
    try {
      if (token && ownTokensOnly(client, token)) await revokeGrant(ctx as KoaContextWithOIDC, token);
    } catch (error) {
      if (!(error instanceof errors.OIDCProviderError)) throw error;
      ctx.status = error.statusCode;
      ctx.body = { error: error.error, error_description: error.error_description };
      return;
    }
    ctx.status = 200;
    ctx.remove('Content-Type');
    ctx.body = '';
  });
}

/** RFC 7009/7662: a client revokes or introspects only its own tokens; a public one is told nothing. */
export function ownTokensOnly(
  client: { clientId: string; clientAuthMethod?: string },
  token: { clientId?: string | undefined },
): boolean {
  if (token.clientId === client.clientId) return true;
  if (client.clientAuthMethod === 'none') return false;
  throw new errors.InvalidRequest(
    'this client may not revoke or introspect a token issued to another client',
  );
}

/** What oidc-provider does when a refresh token is revoked: every token of the grant, then the grant. */
async function revokeGrant(ctx: KoaContextWithOIDC, token: AuthContext): Promise<void> {
  const grantId = token.claims?.['gid'];
  if (typeof grantId !== 'string') return;
  const { provider } = ctx.oidc;
  await Promise.all([
    provider.AccessToken.revokeByGrantId(grantId),
    provider.RefreshToken.revokeByGrantId(grantId),
    provider.AuthorizationCode.revokeByGrantId(grantId),
  ]);
  const grant = await provider.Grant.find(grantId);
  await grant?.destroy();
  provider.emit('grant.revoked', ctx, grantId);
}
