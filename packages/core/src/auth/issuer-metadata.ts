/**
 * What an authorization server says about itself, found from its issuer URL (`--auth-issuer`) at
 * start-up: RFC 8414 `/.well-known/oauth-authorization-server` first, then OpenID Connect Discovery
 * `/.well-known/openid-configuration`. For an issuer with a path (`https://sso.example.com/tenant`)
 * the well-known segment goes between host and path (RFC 8414 section 3.1), and OpenID's appended
 * form (`…/tenant/.well-known/openid-configuration`) is tried last, as MCP clients do. The document
 * must name the same issuer (RFC 8414 section 3.3), or it describes another server.
 *
 * Every failure is a ConfigError that names the URLs tried and what each answered: the server does
 * not start with an issuer it cannot use.
 */
import { ConfigError } from '../errors/config-error.ts';

export interface IssuerMetadata {
  /** The issuer, exactly as the document states it (equal to the one configured). */
  readonly issuer: string;
  /** Where the issuer publishes its signing keys (JWT mode). */
  readonly jwksUri?: string;
  /** RFC 7662 token introspection (introspection mode). */
  readonly introspectionEndpoint?: string;
  readonly scopesSupported?: readonly string[];
  /** The URL the document was read from. */
  readonly source: string;
  /** The whole document. */
  readonly document: Readonly<Record<string, unknown>>;
}

export interface DiscoverIssuerOptions {
  /** For tests and custom agents. @default globalThis.fetch */
  fetch?: typeof fetch;
  /** Per document request. @default 5000 */
  timeoutMs?: number;
  /** The flag or variable the issuer came from, named in errors. @default '--auth-issuer' */
  setting?: string;
}

const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/** https, or http to a loopback host (local testing): what an issuer's URLs may be. */
export function isSecureUrl(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOST.test(url.hostname));
}

/** The document URLs to try for an issuer, in order. */
export function metadataUrls(issuer: URL): string[] {
  const path = issuer.pathname.replace(/\/+$/, '');
  const at = (wellKnown: string) => `${issuer.origin}/.well-known/${wellKnown}${path}`;
  return path === ''
    ? [at('oauth-authorization-server'), at('openid-configuration')]
    : [
        at('oauth-authorization-server'),
        at('openid-configuration'),
        `${issuer.origin}${path}/.well-known/openid-configuration`,
      ];
}

const stringList = (value: unknown): readonly string[] | undefined =>
  Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : undefined;

/** Reads an issuer's metadata; throws ConfigError saying what was tried and how to fix it. */
export async function discoverIssuer(
  issuerUrl: string | URL,
  options: DiscoverIssuerOptions = {},
): Promise<IssuerMetadata> {
  const setting = options.setting ?? '--auth-issuer';
  const fail = (problem: string, howToFix: string): never => {
    throw new ConfigError({ problems: [{ variable: setting, problem, howToFix }] });
  };
  let issuer: URL;
  try {
    issuer = new URL(issuerUrl);
  } catch {
    return fail(
      `${JSON.stringify(String(issuerUrl).slice(0, 200))} is not a URL.`,
      'Give the issuer URL of your authorization server, e.g. https://sso.example.com or https://login.example.com/realms/team.',
    );
  }
  if (!isSecureUrl(issuer) || issuer.search !== '' || issuer.hash !== '') {
    fail(
      `${issuer.href} cannot be an issuer: it must be https (http only on localhost), without query or fragment.`,
      'Use the issuer exactly as your authorization server states it in its metadata ("issuer").',
    );
  }
  const fetchDocument = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 5000;
  const tried: string[] = [];
  for (const url of metadataUrls(issuer)) {
    let response: Response;
    try {
      response = await fetchDocument(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason =
        (error as Error).name === 'TimeoutError'
          ? `no answer within ${timeoutMs} ms`
          : `unreachable (${(error as Error).message})`;
      tried.push(`${url}: ${reason}`);
      continue;
    }
    if (response.status !== 200) {
      await response.body?.cancel();
      tried.push(`${url}: HTTP ${response.status}`);
      continue;
    }
    let document: unknown;
    try {
      document = await response.json();
    } catch {
      tried.push(`${url}: not JSON`);
      continue;
    }
    if (typeof document !== 'object' || document === null || Array.isArray(document)) {
      tried.push(`${url}: not a JSON object`);
      continue;
    }
    const fields = document as Record<string, unknown>;
    const stated = fields['issuer'];
    // Compared as RFC 8414 says: the exact string, but a trailing slash is a common spelling slip.
    if (typeof stated !== 'string' || stated.replace(/\/$/, '') !== issuer.href.replace(/\/$/, '')) {
      fail(
        `${url} describes issuer ${JSON.stringify(String(stated).slice(0, 200))}, not ${issuer.href}.`,
        `Set ${setting} to the issuer the document states, or point it at the authorization server you meant.`,
      );
    }
    const endpoint = (name: string): string | undefined => {
      const value = fields[name];
      if (value === undefined) return undefined;
      let parsed: URL | undefined;
      try {
        parsed = typeof value === 'string' ? new URL(value) : undefined;
      } catch {
        parsed = undefined;
      }
      if (parsed === undefined || !isSecureUrl(parsed)) {
        return fail(
          `${url} gives ${name} ${JSON.stringify(String(value).slice(0, 200))}, which is not an https URL.`,
          'Fix the authorization server metadata: its endpoints must be https (http only on localhost).',
        );
      }
      return parsed.href;
    };
    const jwksUri = endpoint('jwks_uri');
    const introspectionEndpoint = endpoint('introspection_endpoint');
    const scopesSupported = stringList(fields['scopes_supported']);
    return {
      issuer: stated as string,
      ...(jwksUri ? { jwksUri } : {}),
      ...(introspectionEndpoint ? { introspectionEndpoint } : {}),
      ...(scopesSupported ? { scopesSupported } : {}),
      source: url,
      document: fields,
    };
  }
  return fail(
    `no authorization server metadata found for ${issuer.href}. Tried ${tried.join('; ')}.`,
    'Check the issuer URL (as your authorization server states it) and that this host can reach it; the server serves RFC 8414 or OpenID Connect discovery metadata at one of those URLs.',
  );
}
