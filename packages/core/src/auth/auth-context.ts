/**
 * Who is calling an HTTP server, as tools see it (`ctx.auth`), and the seams the auth modes plug
 * into. The resource server (resource-server.ts) verifies the bearer token of every MCP request
 * with a `TokenVerifier`; the built-in authorization server (authorization-server/) is one more
 * verifier plus the endpoints it serves. Nothing here holds the client's own token: the MCP
 * client's token is never passed on to the upstream API (MCP authorization, "token passthrough").
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A credential for the upstream API (ClickUp, Tracker) on behalf of the calling user. */
export interface UpstreamCredentials {
  /**
   * How the API takes it in `Authorization`: `Bearer <token>`, `OAuth <token>` (Yandex OAuth), or
   * `raw` (the token alone: ClickUp personal tokens).
   */
  readonly scheme: 'Bearer' | 'OAuth' | 'raw';
  readonly token: string;
  /** Epoch seconds; absent when the upstream token does not expire. */
  readonly expiresAt?: number;
}

export interface AuthContext {
  /** Stable id of the user (the token's `sub`, the API key's name, the upstream account id). */
  readonly subject: string;
  /** The OAuth client that holds the token (`client_id`, `azp`), or the API key's name. */
  readonly clientId: string;
  readonly scopes: readonly string[];
  /** Epoch seconds. */
  readonly expiresAt?: number;
  /** The verified claims (JWT payload, introspection answer). Never the token itself. */
  readonly claims: Readonly<Record<string, unknown>>;
  /**
   * Key for everything cached per user (API clients, context and reference caches): equal for the
   * same user and upstream account, different otherwise. A hash, never a token.
   */
  readonly cacheKey: string;
  /**
   * The user's upstream credentials, when this mode knows them (built-in authorization server,
   * gateway pass-through); refreshed as needed. Absent: the server's own configured credentials
   * apply (static token, service account).
   */
  upstreamCredentials?(signal?: AbortSignal): Promise<UpstreamCredentials>;
}

/**
 * Verifies an access token for this resource. Throws `OAuthError` (from `@modelcontextprotocol/server`)
 * with `invalid_token` when the token is unknown, expired, for another audience or issuer, badly
 * signed; the resource server answers 401 with a `WWW-Authenticate` challenge.
 */
export interface TokenVerifier {
  verify(token: string, signal?: AbortSignal): Promise<AuthContext>;
}

/**
 * Endpoints an auth mode serves on the server's listener (the built-in authorization server's
 * `/authorize`, `/token`, `/register`, metadata…), behind the same connection, Host and size
 * limits. `handle` answers and returns true, or returns false to let the request go on.
 */
export interface AuthEndpoints {
  handle(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean>;
  close?(): Promise<void>;
}
