/**
 * Static API keys for small teams (`--auth api-key`): each key has a name — the subject tools see
 * in `ctx.auth` — and the scopes it grants. Keys come from a file (`--auth-api-keys FILE`) or the
 * environment (`MCP_AUTH_API_KEYS`), as JSON or as lines:
 *
 *   # name:key:scopes
 *   alice:5mX0q…32+ characters…:read write
 *   ci-bot:sha256:Jp3k…(the base64url SHA-256 of the key):read
 *
 * JSON: `[{ "name": "alice", "key": "…", "scopes": ["read", "write"] }]`, with `"sha256"` instead of
 * `"key"` to keep the key itself out of the file. Only the SHA-256 of each key is kept in memory,
 * and a presented key is compared with every stored digest in constant time (`timingSafeEqual`),
 * so neither the file's keys nor the timing of a refusal tell a caller anything. Keys do not
 * expire: rotate one by replacing it and restarting.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { OAuthError, OAuthErrorCode } from '@modelcontextprotocol/server';
import { ConfigError, type ConfigProblem } from '../errors/config-error.ts';
import { SCOPE_TOKEN_PATTERN } from '../tool/tool-metadata.ts';
import type { AuthContext, TokenVerifier } from './auth-context.ts';
import { authCacheKey } from './token-hash.ts';

/** Shorter keys are refused at start-up: they could be guessed. */
export const MIN_API_KEY_LENGTH = 32;

/** One key as configured: the key's SHA-256, never the key. */
export interface ApiKeyEntry {
  readonly name: string;
  readonly digest: Buffer;
  readonly scopes: readonly string[];
}

const NAME = /^[A-Za-z0-9._@-]{1,128}$/;
const DIGEST = /^[A-Za-z0-9_-]{43}$/;
const HOW = `Write one key a line as name:key:scopes (scopes separated by spaces, e.g. "alice:<key>:read write"), or JSON [{"name": "alice", "key": "<key>", "scopes": ["read"]}]; "sha256:<base64url digest>" (or "sha256" in JSON) in place of the key keeps it out of the file. Generate keys with \`openssl rand -base64 32\`.`;

const digestOf = (key: string) => createHash('sha256').update(key, 'utf8').digest();

interface RawEntry {
  name?: unknown;
  key?: unknown;
  sha256?: unknown;
  scopes?: unknown;
}

/**
 * Parses keys from JSON or lines (the file's content, or `MCP_AUTH_API_KEYS`, where entries may
 * also be separated by commas). `source` names where they came from in errors; no error quotes a
 * key.
 */
export function parseApiKeys(text: string, source: string): ApiKeyEntry[] {
  const problems: ConfigProblem[] = [];
  const problem = (where: string, what: string) =>
    problems.push({ variable: source, problem: `${where}: ${what}`, howToFix: HOW });
  let raw: RawEntry[];
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      throw new ConfigError({ problems: [{ variable: source, problem: 'not valid JSON.', howToFix: HOW }] });
    }
    raw = Array.isArray(parsed) ? (parsed as RawEntry[]) : [];
  } else {
    raw = trimmed
      .split(/[\n,]/)
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => {
        const first = line.indexOf(':');
        const last = line.lastIndexOf(':');
        if (first === -1 || last === first) return { name: line.slice(0, Math.max(first, 0)) };
        const key = line.slice(first + 1, last);
        const scopes = line
          .slice(last + 1)
          .split(' ')
          .filter(Boolean);
        return key.startsWith('sha256:')
          ? { name: line.slice(0, first), sha256: key.slice('sha256:'.length), scopes }
          : { name: line.slice(0, first), key, scopes };
      });
  }
  const entries: ApiKeyEntry[] = [];
  const names = new Set<string>();
  raw.forEach((entry, index) => {
    const where = `entry ${index + 1}${typeof entry?.name === 'string' && NAME.test(entry.name) ? ` (${entry.name})` : ''}`;
    if (typeof entry !== 'object' || entry === null) return problem(where, 'not an object.');
    const { name, key, sha256, scopes } = entry;
    if (typeof name !== 'string' || !NAME.test(name)) {
      return problem(where, 'needs a name of 1–128 letters, digits, ".", "_", "@" or "-".');
    }
    if (names.has(name)) return problem(where, `the name ${name} is used twice; each key needs its own.`);
    names.add(name);
    let digest: Buffer;
    if (typeof key === 'string') {
      if (key.length < MIN_API_KEY_LENGTH) {
        return problem(where, `the key is shorter than ${MIN_API_KEY_LENGTH} characters.`);
      }
      if (!/^[\x21-\x7e]+$/.test(key)) return problem(where, 'the key has spaces or non-ASCII characters.');
      digest = digestOf(key);
    } else if (typeof sha256 === 'string' && DIGEST.test(sha256)) {
      digest = Buffer.from(sha256, 'base64url');
    } else {
      return problem(where, 'needs a key, or sha256 with the base64url SHA-256 of the key (43 characters).');
    }
    if (!Array.isArray(scopes) || scopes.length === 0) return problem(where, 'grants no scopes.');
    const bad = scopes.filter((s) => typeof s !== 'string' || !SCOPE_TOKEN_PATTERN.test(s));
    if (bad.length > 0) return problem(where, `${bad.length} scope(s) are not OAuth scope tokens.`);
    entries.push({ name, digest, scopes: scopes as string[] });
    return undefined;
  });
  if (raw.length === 0 && problems.length === 0) problem(source, 'no keys.');
  if (problems.length > 0) throw new ConfigError({ problems });
  return entries;
}

/** Reads keys from a file or the environment's `MCP_AUTH_API_KEYS` (the file wins). */
export async function loadApiKeys(options: { file?: string; env?: string }): Promise<ApiKeyEntry[]> {
  if (options.file !== undefined) {
    let text: string;
    try {
      text = await readFile(options.file, 'utf8');
    } catch (error) {
      throw new ConfigError({
        problems: [
          {
            variable: '--auth-api-keys',
            problem: `cannot read ${options.file} (${(error as NodeJS.ErrnoException).code ?? 'error'}).`,
            howToFix: 'Give the path of a readable file of keys.',
          },
        ],
      });
    }
    return parseApiKeys(text, `--auth-api-keys ${options.file}`);
  }
  if (options.env !== undefined && options.env.trim() !== '')
    return parseApiKeys(options.env, 'MCP_AUTH_API_KEYS');
  throw new ConfigError({
    problems: [
      {
        variable: '--auth-api-keys',
        problem: '--auth api-key needs keys, and none were given.',
        howToFix: `Pass --auth-api-keys FILE or set MCP_AUTH_API_KEYS. ${HOW}`,
      },
    ],
  });
}

/** A verifier of the configured API keys (sent as `Authorization: Bearer <key>`). */
export function createApiKeyVerifier(entries: readonly ApiKeyEntry[]): TokenVerifier {
  const keys = entries.map((entry) => ({ ...entry, cacheKey: authCacheKey('api-key', entry.name) }));
  return {
    async verify(token) {
      const presented = digestOf(token);
      let match: (typeof keys)[number] | undefined;
      // Every digest is compared, matched or not: the time taken says nothing about which.
      for (const key of keys) {
        if (timingSafeEqual(presented, key.digest) && match === undefined) match = key;
      }
      if (match === undefined) {
        throw new OAuthError(
          OAuthErrorCode.InvalidToken,
          'Unknown API key: use a key the server operator gave you, sent as Authorization: Bearer <key>.',
        );
      }
      const context: AuthContext = {
        subject: match.name,
        clientId: match.name,
        scopes: match.scopes,
        claims: { sub: match.name, scope: match.scopes.join(' ') },
        cacheKey: match.cacheKey,
      };
      return context;
    },
  };
}
