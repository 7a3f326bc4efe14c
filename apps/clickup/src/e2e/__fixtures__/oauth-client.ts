/**
 * The team e2e's MCP clients: each user signs in as desktop clients do, with the SDK v2 client's
 * own OAuth through @toolsmith/testing's headless sign-in — the ClickUp emulator's login approves
 * the `login_hint` user without a page. What is ClickUp's here: the clients' names, and a client
 * that sends a token it was given (no OAuth of its own).
 */
import type { Client } from '@modelcontextprotocol/client';
import { connectHttp, signIn as headlessSignIn, type ClientEra, type SignedIn } from '@toolsmith/testing';

export { CLIENT_REDIRECT, type SignedIn } from '@toolsmith/testing';

/** Connects as `loginHint`: 401 → discovery → registration → PKCE login at ClickUp → token → connected. */
export function signIn(mcpUrl: string, loginHint: string, era: ClientEra): Promise<SignedIn> {
  return headlessSignIn(mcpUrl, loginHint, { era, clientName: `e2e client of ${loginHint}` });
}

/** A client that sends `token` as it is (no OAuth of its own). */
export async function connectWithToken(mcpUrl: string, token: string, era: ClientEra): Promise<Client> {
  const connection = await connectHttp(mcpUrl, {
    era,
    name: 'clickup-team-e2e',
    headers: { authorization: `Bearer ${token}` },
  });
  return connection.client;
}
