/**
 * Pass-through mode (`--upstream-auth passthrough`): a gateway in front of the server already holds
 * each user's Yandex token and sends it in a header of its own (default `X-Upstream-Authorization`),
 * never in `Authorization` — that header carries the MCP client's token for this server, which the
 * MCP authorization specification forbids passing on upstream. The gateway must authenticate the
 * user and strip this header from what clients send; the server trusts it as it comes, so the mode
 * is only on when asked for.
 *
 * `authenticate()` turns the request's headers into the auth context the request runs with: the
 * user's upstream credentials, a cache key that is a hash of them (the per-user deps and caches
 * are keyed by it), and, when the resource server verified an MCP token too, that token's subject,
 * client, scopes and claims.
 */
import { sha256 } from './credential-source.ts';
import { UpstreamCredentialsError } from './upstream-credentials-error.ts';
import type { UserAuth } from './user-credentials.ts';

export const DEFAULT_PASSTHROUGH_HEADER = 'X-Upstream-Authorization';

/** The fields of core's `AuthContext` (structurally the same). */
export interface PassthroughAuthContext extends UserAuth {
  readonly subject: string;
  readonly clientId: string;
  readonly scopes: readonly string[];
  readonly expiresAt?: number;
  readonly claims: Readonly<Record<string, unknown>>;
  readonly cacheKey: string;
  upstreamCredentials(): Promise<{ readonly scheme: 'OAuth' | 'Bearer'; readonly token: string }>;
}

export type RequestHeaders = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

export interface PassthroughAuthenticator {
  /** The header read (as configured). */
  readonly header: string;
  /**
   * The auth context of a request. Throws UpstreamCredentialsError when the header is missing,
   * repeated or not `OAuth <token>` / `Bearer <token>`.
   */
  authenticate(
    headers: RequestHeaders,
    verified?: Omit<PassthroughAuthContext, 'upstreamCredentials'>,
  ): PassthroughAuthContext;
}

/** core's standard scopes: read, write, admin (tool-scope.ts). */
const UNVERIFIED_SCOPES = ['read', 'write', 'admin'] as const;

/** `OAuth y0_…` or `Bearer t1.…`: a scheme, one space, a token of visible ASCII. */
const CREDENTIALS = /^(OAuth|Bearer) ([\x21-\x7e]{1,8192})$/i;

export function createPassthroughAuthenticator(options: { header?: string } = {}): PassthroughAuthenticator {
  const header = options.header ?? DEFAULT_PASSTHROUGH_HEADER;
  if (/^(authorization|proxy-authorization)$/i.test(header)) {
    // Caught at start-up by the configuration too; here so that no other caller can do it either.
    throw new TypeError(
      `The pass-through header cannot be ${header}: it carries the MCP client's token for this server, which must never reach Tracker. Use a gateway header such as ${DEFAULT_PASSTHROUGH_HEADER}.`,
    );
  }
  const name = header.toLowerCase();
  return {
    header,
    authenticate(headers, verified) {
      const value = readHeader(headers, name);
      if (value === undefined) throw UpstreamCredentialsError.missingHeader(header);
      const match = CREDENTIALS.exec(Array.isArray(value) ? '' : (value as string).trim());
      if (!match) throw UpstreamCredentialsError.malformedHeader(header);
      const scheme = match[1]!.toLowerCase() === 'oauth' ? 'OAuth' : 'Bearer';
      const credentials = { scheme, token: match[2]! } as const;
      const key = sha256(`passthrough\n${scheme} ${credentials.token}`);
      return {
        subject: verified?.subject ?? `upstream:${key.slice(0, 16)}`,
        clientId: verified?.clientId ?? 'gateway',
        // Without an MCP token (--auth none behind the gateway) the caller may call every tool, as
        // without authentication; with one, what its scopes allow.
        scopes: verified?.scopes ?? UNVERIFIED_SCOPES,
        ...(verified?.expiresAt === undefined ? {} : { expiresAt: verified.expiresAt }),
        claims: verified?.claims ?? {},
        // Per upstream token: two users never share one; the MCP token's key alone would not say
        // whose Yandex data the caches hold.
        cacheKey: verified ? sha256(`${verified.cacheKey}\n${key}`) : key,
        upstreamCredentials: async () => credentials,
      };
    },
  };
}

/** The header's value; an array when it was sent more than once. */
function readHeader(headers: RequestHeaders, name: string): string | readonly string[] | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return Array.isArray(value) && value.length === 1 ? value[0] : value;
  }
  return undefined;
}
