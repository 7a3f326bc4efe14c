/**
 * Signing in to an MCP server the way a desktop MCP client does, with no window: the MCP SDK v2
 * client's own OAuth over Streamable HTTP — the first request gets the 401, the SDK discovers the
 * authorization server from it, registers, starts PKCE and hands the authorization URL to the
 * headless provider, whose browser walks the login (`login_hint`) back to the client; the code is
 * redeemed (`finishAuth`) and a client connects with the token. Nothing here is the test's: the
 * SDK does every OAuth request.
 *
 * Hooks for what a caller adds: `fetch` (the SDK's requests: record them for a transcript, pin
 * them to a replica), the browser's `onHop` and the provider's `onAuthorizationUrl`/`onCallback`.
 */
import {
  auth,
  StreamableHTTPClientTransport,
  UnauthorizedError,
  type Client,
} from '@modelcontextprotocol/client';
import { createClient, type ClientEra } from '../harness/connect.ts';
import type { FetchLike } from './authorization-code.ts';
import { HeadlessClientProvider, type HeadlessClientProviderOptions } from './headless-client-provider.ts';

export interface SignInOptions extends Omit<HeadlessClientProviderOptions, 'loginHint'> {
  /** The protocol era of the client. @default 'legacy' */
  era?: ClientEra;
  /**
   * The scope to ask for. Without it the SDK asks for what the server's challenge or metadata
   * lists, on the first request's 401 — as MCP clients do; with it the sign-in is started with the
   * SDK's `auth()`, and the client is told it lacks a scope (`InsufficientScopeError`) rather than
   * signing in again for it.
   */
  scope?: string;
  /** The SDK's fetch, for every request it makes (OAuth and MCP). @default globalThis.fetch */
  fetch?: FetchLike;
}

export interface SignedIn {
  /** Connected with the token the sign-in got. */
  readonly client: Client;
  /** The registration, tokens, authorization URL and callback the SDK went through. */
  readonly provider: HeadlessClientProvider;
  /** From the first request to a connected client, in milliseconds. */
  readonly loginMs: number;
  close(): Promise<void>;
}

/** Connects as `loginHint`: 401 → discovery → registration → PKCE login → token → connected. */
export async function signIn(
  mcpUrl: string,
  loginHint: string,
  options: SignInOptions = {},
): Promise<SignedIn> {
  const { era = 'legacy', scope, fetch: fetchFn, ...providerOptions } = options;
  const clientName = providerOptions.clientName ?? `client of ${loginHint}`;
  const provider = new HeadlessClientProvider({ ...providerOptions, loginHint, clientName });
  const transport = () =>
    new StreamableHTTPClientTransport(new URL(mcpUrl), {
      authProvider: provider,
      ...(fetchFn ? { fetch: fetchFn } : {}),
      ...(scope ? { onInsufficientScope: 'throw' as const } : {}),
    });
  const started = performance.now();
  if (scope) {
    await auth(provider, { serverUrl: new URL(mcpUrl), scope, ...(fetchFn ? { fetchFn } : {}) });
  } else {
    try {
      await createClient({ name: clientName, era }).connect(transport());
      throw new Error(
        `${mcpUrl} accepted a client that had not signed in: is the server started with authentication (--auth builtin)?`,
      );
    } catch (error) {
      if (!(error instanceof UnauthorizedError)) throw error;
    }
  }
  if (!provider.callback) {
    throw new Error(
      `The sign-in of ${loginHint} never reached the client's redirect URI: the SDK did not start an authorization (look at provider.discovery).`,
    );
  }
  const connected = transport();
  await connected.finishAuth(provider.callback.searchParams);
  const client = createClient({ name: clientName, era });
  await client.connect(connected);
  const loginMs = performance.now() - started;
  return { client, provider, loginMs, close: () => client.close() };
}
