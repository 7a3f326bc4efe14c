/**
 * The replicas e2e's MCP client signing in: @toolsmith/testing's headless sign-in step by step
 * (the SDK v2 client's OAuth functions; the emulator's Yandex login approves the `login_hint`
 * user), with what is this deployment's: `pin` sends a request to one replica behind nginx
 * (nginx-front.ts's `X-Replica`), or lets the proxy balance it.
 */
import type { OAuthClientInformationFull, OAuthTokens } from '@modelcontextprotocol/client';
import {
  refreshTokens,
  registerPublicClient as register,
  revokeToken,
  signInForTokens,
  type Discovered,
  type SignedInTokens,
} from '@toolsmith/testing';

export { discoverFrom401, type Discovered } from '@toolsmith/testing';

/** `fetch` that sends every request to replica `pin` (or lets the proxy balance it). */
export function fetchAt(pin?: string): typeof fetch {
  if (pin === undefined) return fetch;
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('x-replica', pin);
    return fetch(input, { ...init, headers });
  };
}

export function registerPublicClient(
  discovered: Discovered,
  name: string,
  pin?: string,
): Promise<OAuthClientInformationFull> {
  return register(discovered, name, { fetch: fetchAt(pin) });
}

/** The user `login` signs in at Yandex (scope `read write`); the code is exchanged at `exchangeAt`. */
export function signIn(
  discovered: Discovered,
  client: OAuthClientInformationFull,
  login: string,
  options: { exchangeAt?: string } = {},
): Promise<SignedInTokens> {
  return signInForTokens(discovered, client, login, {
    state: `state-${login}`,
    fetch: fetchAt(options.exchangeAt),
  });
}

export function refresh(
  discovered: Discovered,
  client: OAuthClientInformationFull,
  refreshToken: string,
  pin?: string,
): Promise<OAuthTokens> {
  return refreshTokens(discovered, client, refreshToken, { fetch: fetchAt(pin) });
}

/** RFC 7009 revocation by the public client that holds the token, at replica `pin`; the HTTP status. */
export function revoke(
  discovered: Discovered,
  client: OAuthClientInformationFull,
  token: string,
  pin?: string,
): Promise<number> {
  return revokeToken(discovered, client, token, { fetch: fetchAt(pin) });
}
