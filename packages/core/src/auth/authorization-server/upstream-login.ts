/**
 * Logging in through the upstream provider: the interaction pages oidc-provider sends the browser
 * to. There is no page of our own — the user signs in (and consents) at ClickUp or Yandex:
 *
 *   GET /interaction/:uid            → 303 to the upstream authorize URL, with a one-time `state`
 *                                      bound to this interaction (and the client's `login_hint`)
 *   GET <callback>?code&state        → 303 to /interaction/:uid/upstream (the interaction cookie is
 *                                      scoped to /interaction/:uid, the upstream redirect URI is fixed)
 *   GET /interaction/:uid/upstream   → the state is taken (used once) and must belong to this
 *                                      interaction and this browser's cookie; the code is exchanged,
 *                                      the user identified, the tokens kept (encrypted), and the
 *                                      interaction finished as `<provider>:<upstream id>` with a
 *                                      grant of the requested scopes the server offers
 *
 * A consent-only interaction (a signed-in browser, a new client or more scopes) is granted the
 * same way: the user consented at the upstream provider.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Interaction, InteractionResults, Provider } from 'oidc-provider';
import type { Logger } from '../../logging/logger.ts';
import type { SealedRecords } from './sealed-records.ts';
import type { TokenVault } from './token-vault.ts';
import type { UpstreamProvider } from './upstream-provider.ts';

const STATE_MODEL = 'UpstreamLoginState';
const OIDC_SCOPES = new Set(['openid', 'offline_access']);

export interface UpstreamLoginOptions {
  provider: Provider;
  upstream: UpstreamProvider;
  vault: TokenVault;
  records: SealedRecords;
  issuer: string;
  /** Path of the upstream redirect URI on this server (`/oauth/callback`). */
  callbackPath: string;
  /** The MCP resource and the scopes it offers: what grants are made of. */
  resource: string;
  scopes: readonly string[];
  /** How long an upstream login may take, in seconds. */
  stateTtlSeconds: number;
  logger: Logger;
}

export interface UpstreamLogin {
  /** The redirect URI registered with the upstream provider. */
  readonly redirectUri: string;
  /** True when the path is one of the login routes (it then answers). */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
}

export function createUpstreamLogin(options: UpstreamLoginOptions): UpstreamLogin {
  const { provider, upstream, vault, records, logger } = options;
  const redirectUri = new URL(options.callbackPath, options.issuer).href;
  const offered = new Set(options.scopes);

  async function grantFor(interaction: Interaction, accountId: string): Promise<string> {
    const clientId = String(interaction.params.client_id);
    const requested = String(interaction.params.scope ?? '')
      .split(' ')
      .filter((scope) => scope !== '');
    const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
    const grant =
      existing && existing.accountId === accountId && existing.clientId === clientId
        ? existing
        : new provider.Grant({ accountId, clientId });
    // The server's scopes are listed in oidc-provider's `scopes` too (that is how discovery shows
    // them), so they are granted both as scopes of the request and of the MCP resource.
    const oidcScopes = requested.filter((scope) => OIDC_SCOPES.has(scope) || offered.has(scope));
    const resourceScopes = requested.filter((scope) => offered.has(scope));
    if (oidcScopes.length > 0) grant.addOIDCScope(oidcScopes);
    if (resourceScopes.length > 0) grant.addResourceScope(options.resource, resourceScopes);
    return grant.save();
  }

  async function start(req: IncomingMessage, res: ServerResponse, interaction: Interaction) {
    if (interaction.prompt.name === 'login') {
      const state = randomBytes(32).toString('base64url');
      const expiresAt = Math.floor(Date.now() / 1000) + options.stateTtlSeconds;
      await records.put(STATE_MODEL, state, { uid: interaction.uid }, { expiresAt });
      const loginHint =
        typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : undefined;
      redirect(res, upstream.authorizeUrl({ state, redirectUri, ...(loginHint ? { loginHint } : {}) }));
      return;
    }
    const accountId = interaction.session?.accountId;
    if (interaction.prompt.name === 'consent' && accountId) {
      await finish(req, res, { consent: { grantId: await grantFor(interaction, accountId) } });
      return;
    }
    await finish(req, res, {
      error: 'access_denied',
      error_description: `this server cannot answer the "${interaction.prompt.name}" prompt`,
    });
  }

  async function complete(req: IncomingMessage, res: ServerResponse, interaction: Interaction, url: URL) {
    const state = url.searchParams.get('state');
    const pending = state ? await records.take<{ uid: string }>(STATE_MODEL, state) : undefined;
    if (!pending || pending.value.uid !== interaction.uid) {
      page(
        res,
        400,
        'This sign-in link was already used or has expired. Start the sign-in again from your MCP client.',
      );
      return;
    }
    const upstreamError = url.searchParams.get('error');
    const code = url.searchParams.get('code');
    if (upstreamError !== null || !code) {
      const said = upstreamError?.replace(/[^\w.-]/g, '').slice(0, 64) || 'no code';
      await finish(req, res, {
        error: 'access_denied',
        error_description: `the ${upstream.name} sign-in was not completed (${said})`,
      });
      return;
    }
    let accountId: string;
    try {
      const tokens = await upstream.exchangeCode({ code, redirectUri });
      const account = await upstream.identify(tokens);
      accountId = `${upstream.name}:${account.id}`;
      await vault.save(accountId, tokens, account);
    } catch (error) {
      // The upstream error text names a status and the provider's error code, never a token.
      const reason = error instanceof Error ? error.message : String(error);
      logger.warn('upstream sign-in failed', { provider: upstream.name, reason });
      await finish(req, res, {
        error: 'temporarily_unavailable',
        error_description: `the ${upstream.name} sign-in could not be completed; try again`,
      });
      return;
    }
    await finish(req, res, {
      login: { accountId, remember: false },
      consent: { grantId: await grantFor(interaction, accountId) },
    });
  }

  function finish(req: IncomingMessage, res: ServerResponse, result: InteractionResults) {
    return provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  }

  async function interactionOf(req: IncomingMessage, res: ServerResponse, uid: string) {
    try {
      const interaction = await provider.interactionDetails(req, res);
      if (interaction.uid === uid) return interaction;
    } catch (error) {
      if (!(error instanceof Error && error.name === 'SessionNotFound')) throw error;
    }
    page(
      res,
      400,
      'This sign-in has expired or was opened in another browser. Start the sign-in again from your MCP client, ' +
        'and finish it in the browser it opens.',
    );
    return undefined;
  }

  return {
    redirectUri,
    async handle(req, res, url) {
      const pathname = url.pathname;
      const match = /^\/interaction\/([\w-]{1,64})(\/upstream)?$/.exec(pathname);
      if (!match && pathname !== options.callbackPath) return false;
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.setHeader('allow', 'GET');
        page(res, 405, 'Only GET is served here.');
        return true;
      }
      if (!match) {
        // The upstream callback: find the interaction the state belongs to, and go on there with
        // the same query (the interaction's cookie is scoped to its own path).
        const state = url.searchParams.get('state');
        const pending = state ? await records.get<{ uid: string }>(STATE_MODEL, state) : undefined;
        if (!pending) {
          page(
            res,
            400,
            'This sign-in link was already used or has expired. Start the sign-in again from your MCP client.',
          );
          return true;
        }
        redirect(res, new URL(`/interaction/${pending.value.uid}/upstream${url.search}`, options.issuer));
        return true;
      }
      const interaction = await interactionOf(req, res, match[1]!);
      if (!interaction) return true;
      if (match[2]) await complete(req, res, interaction, url);
      else await start(req, res, interaction);
      return true;
    },
  };
}

function redirect(res: ServerResponse, location: string | URL) {
  res.statusCode = 303;
  res.setHeader('location', String(location));
  res.setHeader('cache-control', 'no-store');
  res.setHeader('content-length', '0');
  res.end();
}

function page(res: ServerResponse, status: number, text: string) {
  const body = Buffer.from(`${text}\n`);
  res.statusCode = status;
  res.setHeader('content-type', 'text/plain; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.setHeader('content-length', String(body.length));
  res.end(body);
}
