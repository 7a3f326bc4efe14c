/**
 * A real authorization server for the auth tests, on 127.0.0.1: RFC 8414 (or OpenID) metadata, a
 * JWKS that can rotate, RFC 7662 introspection with client authentication, and tokens signed with
 * jose `SignJWT` (RS256 or ES256). It counts what it was asked, so tests can see caching.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

export interface SigningKey {
  kid: string;
  alg: 'RS256' | 'ES256';
  privateKey: CryptoKey;
  publicJwk: JWK;
}

export interface SignOptions {
  /** @default the current key */
  key?: SigningKey;
  /** @default the issuer */
  issuer?: string;
  audience?: string | string[];
  /** Seconds from now; negative for an expired token. @default 300 */
  expiresIn?: number;
  /** Leave `exp` out. */
  noExpiry?: boolean;
  /** Write this `kid` in the header instead of the key's. */
  kid?: string;
}

export interface TestIssuerOptions {
  /** Issuer path (`/tenant`): metadata at the RFC 8414 path-inserted location. */
  path?: string;
  /** Which discovery document it serves. @default 'oauth' */
  discovery?: 'oauth' | 'openid';
  /** Introspection client credentials it requires (HTTP Basic). */
  client?: { id: string; secret: string };
  /** The audience tokens get when `sign` is not told. */
  audience: string;
}

export interface TestIssuer {
  readonly issuer: string;
  readonly jwksUri: string;
  readonly introspectionEndpoint: string;
  readonly counts: { metadata: number; jwks: number; introspection: number };
  /** The current signing key (the newest). */
  readonly current: SigningKey;
  sign(claims: Record<string, unknown>, options?: SignOptions): Promise<string>;
  /** Adds a new key to the JWKS and signs with it from now on. */
  rotate(alg?: 'RS256' | 'ES256'): Promise<SigningKey>;
  /** Drops a key from the JWKS. */
  retire(kid: string): void;
  /** What introspection answers for a token (by default `{ active: false }`). */
  introspection: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
}

let keyCount = 0;

export async function makeKey(alg: 'RS256' | 'ES256' = 'RS256'): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const kid = `key-${++keyCount}`;
  return { kid, alg, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' } };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startTestIssuer(options: TestIssuerOptions): Promise<TestIssuer> {
  const keys: SigningKey[] = [await makeKey('RS256')];
  const counts = { metadata: 0, jwks: 0, introspection: 0 };
  const introspection = new Map<string, Record<string, unknown>>();
  const path = options.path ?? '';
  let origin = '';
  const http = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const issuer = `${origin}${path}`;
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const metadataPath =
        options.discovery === 'openid'
          ? `/.well-known/openid-configuration${path}`
          : `/.well-known/oauth-authorization-server${path}`;
      if (url.pathname === metadataPath) {
        counts.metadata++;
        json(200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${origin}/jwks`,
          introspection_endpoint: `${origin}/introspect`,
          scopes_supported: ['read', 'write', 'admin'],
          response_types_supported: ['code'],
        });
        return;
      }
      if (url.pathname === '/jwks') {
        counts.jwks++;
        json(200, { keys: keys.map((k) => k.publicJwk) });
        return;
      }
      if (url.pathname === '/introspect' && req.method === 'POST') {
        counts.introspection++;
        if (options.client) {
          // RFC 6749 section 2.3.1: both parts form-encoded, then joined by ":".
          const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
          const [id = '', secret = ''] = Buffer.from(basic, 'base64')
            .toString('utf8')
            .split(/:(.*)/s)
            .map((part) => decodeURIComponent(part.replaceAll('+', ' ')));
          if (id !== options.client.id || secret !== options.client.secret) {
            json(401, { error: 'invalid_client' });
            return;
          }
        }
        const token = new URLSearchParams(await readBody(req)).get('token') ?? '';
        json(200, introspection.get(token) ?? { active: false });
        return;
      }
      json(404, { error: 'not found' });
    })();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const issuer = `${origin}${path}`;
  return {
    issuer,
    jwksUri: `${origin}/jwks`,
    introspectionEndpoint: `${origin}/introspect`,
    counts,
    get current() {
      return keys.at(-1) as SigningKey;
    },
    introspection,
    async sign(claims, signOptions = {}) {
      const key = signOptions.key ?? (keys.at(-1) as SigningKey);
      const now = Math.floor(Date.now() / 1000);
      const jwt = new SignJWT(claims)
        .setProtectedHeader({ alg: key.alg, kid: signOptions.kid ?? key.kid, typ: 'at+jwt' })
        .setIssuer(signOptions.issuer ?? issuer)
        .setAudience(signOptions.audience ?? options.audience)
        .setIssuedAt(now - 5);
      if (!signOptions.noExpiry) jwt.setExpirationTime(now + (signOptions.expiresIn ?? 300));
      return jwt.sign(key.privateKey);
    },
    async rotate(alg = 'RS256') {
      const key = await makeKey(alg);
      keys.push(key);
      return key;
    },
    retire(kid) {
      const index = keys.findIndex((k) => k.kid === kid);
      if (index !== -1) keys.splice(index, 1);
    },
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

/** base64url of a JSON value, as JWT segments are written. */
export const segment = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
