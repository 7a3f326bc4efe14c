/**
 * The default search provider: Brave Search's Web Search API.
 *
 * `GET {baseUrl}/res/v1/web/search?q=…&count=…` with the key in `X-Subscription-Token`; the answer's
 * `web.results[]` (`title`, `url`, `description`, `extra_snippets`, `age`) become SearchResults.
 * Built on core's HTTP client: retries with backoff, `Retry-After` on 429/503, a per-attempt
 * timeout, and the key scrubbed from every error and log line.
 *
 * Code searches (`kind: 'code'`, used by CodeSearch) restrict the query to code sites —
 * `(site:github.com OR site:stackoverflow.com OR …)`, see {@link BRAVE_CODE_SITES} — where the
 * answers to programming questions usually are: source, issues, Q&A, reference docs and package
 * registries. A library's own documentation site is not on the list: WebSearch finds it. Sites
 * are dropped from the end when the query would pass Brave's limit (400 characters, 50 words).
 */
import {
  AuthError,
  ConfigError,
  createHttpClient,
  ApiError,
  redactSecrets,
  ValidationError,
  type HttpRetryOptions,
  type Logger,
} from '@toolsmith/core';
import { z } from 'zod';
import type { SearchOptions, SearchProvider, SearchResult } from '../session/coding-session.ts';
import { htmlToText } from '../tools/web-fetch/html-convert.ts';

export const BRAVE_SEARCH_BASE_URL = 'https://api.search.brave.com';
export const BRAVE_WEB_SEARCH_PATH = '/res/v1/web/search';
/** Brave's limits on `q` and `count`. */
export const BRAVE_MAX_QUERY_CHARS = 400;
export const BRAVE_MAX_QUERY_WORDS = 50;
export const BRAVE_MAX_COUNT = 20;

/** Sites a code search is restricted to, most useful first. */
export const BRAVE_CODE_SITES: readonly string[] = [
  'github.com',
  'stackoverflow.com',
  'developer.mozilla.org',
  'readthedocs.io',
  'docs.rs',
  'pkg.go.dev',
  'npmjs.com',
];

export interface BraveSearchProviderOptions {
  /** Brave Search API key (the `X-Subscription-Token`). */
  apiKey: string;
  /** @default 'https://api.search.brave.com' */
  baseUrl?: string;
  /** @default globalThis.fetch */
  fetch?: typeof fetch;
  /** Timeout of one attempt. @default 15_000 */
  timeoutMs?: number;
  /** Retries of failed attempts (429, 5xx, network). @default { limit: 2 } */
  retry?: HttpRetryOptions;
  /** Longest `Retry-After` honoured; a longer one fails at once and says when to retry. @default 10_000 */
  maxRetryAfterMs?: number;
  /** Sites a code search is restricted to. An empty list sends code searches unchanged. @default BRAVE_CODE_SITES */
  codeSites?: readonly string[];
  logger?: Logger;
}

const BraveResponse = z.object({
  web: z
    .object({
      results: z
        .array(
          z.looseObject({
            title: z.string().optional(),
            url: z.string(),
            description: z.string().optional(),
            extra_snippets: z.array(z.string()).optional(),
            age: z.string().optional(),
            page_age: z.string().optional(),
          }),
        )
        .default([]),
    })
    .optional(),
});

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

function fits(query: string): boolean {
  return query.length <= BRAVE_MAX_QUERY_CHARS && wordCount(query) <= BRAVE_MAX_QUERY_WORDS;
}

/** The query sent for a code search: the query plus as many site filters as fit Brave's limits. */
export function braveCodeQuery(query: string, sites: readonly string[] = BRAVE_CODE_SITES): string {
  for (let n = sites.length; n > 0; n--) {
    const filter = sites
      .slice(0, n)
      .map((site) => `site:${site}`)
      .join(' OR ');
    const candidate = `${query} (${filter})`;
    if (fits(candidate)) return candidate;
  }
  return query;
}

/** Brave's text with highlight tags and entities turned into plain text. */
function plain(text: string | undefined): string {
  if (!text) return '';
  return htmlToText(`<p>${text}</p>`).replace(/\s+/g, ' ').trim();
}

/** Creates the Brave Search provider. Throws ConfigError without an API key. */
export function createBraveSearchProvider(options: BraveSearchProviderOptions): SearchProvider {
  const apiKey = options.apiKey?.trim();
  if (!apiKey) {
    throw new ConfigError({
      problems: [
        {
          variable: 'BRAVE_API_KEY',
          problem: 'is empty: the Brave Search provider needs an API key.',
          howToFix:
            'Create one at https://api-dashboard.search.brave.com/app/keys and set BRAVE_API_KEY (or pass apiKey).',
        },
      ],
    });
  }
  const codeSites = options.codeSites ?? BRAVE_CODE_SITES;
  const http = createHttpClient({
    baseUrl: options.baseUrl ?? BRAVE_SEARCH_BASE_URL,
    headers: () => ({ 'X-Subscription-Token': apiKey }),
    secrets: () => [apiKey],
    timeoutMs: options.timeoutMs ?? 15_000,
    retry: options.retry ?? { limit: 2 },
    maxRetryAfterMs: options.maxRetryAfterMs ?? 10_000,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });

  return {
    name: 'Brave Search',
    async search(query: string, { count, signal, kind = 'web' }: SearchOptions): Promise<SearchResult[]> {
      const trimmed = query.trim();
      if (!fits(trimmed)) {
        throw new ValidationError({
          issues: [
            {
              field: 'query',
              message: `The query has ${trimmed.length} characters and ${wordCount(trimmed)} words; Brave Search accepts at most ${BRAVE_MAX_QUERY_CHARS} characters and ${BRAVE_MAX_QUERY_WORDS} words. Shorten it to the key terms.`,
            },
          ],
        });
      }
      const q = kind === 'code' ? braveCodeQuery(trimmed, codeSites) : trimmed;
      let data: unknown;
      try {
        ({ data } = await http.get(BRAVE_WEB_SEARCH_PATH, {
          query: {
            q,
            count: Math.min(BRAVE_MAX_COUNT, Math.max(1, Math.trunc(count))),
            text_decorations: false,
            result_filter: 'web',
          },
          signal,
        }));
      } catch (error) {
        if (AuthError.isInstance(error)) throw authError(error, apiKey);
        throw error;
      }
      const parsed = BraveResponse.safeParse(data);
      if (!parsed.success) {
        throw new ApiError({
          status: 200,
          method: 'GET',
          url: `${options.baseUrl ?? BRAVE_SEARCH_BASE_URL}${BRAVE_WEB_SEARCH_PATH}`,
          code: 'unexpected_response',
          message:
            'Brave Search answered with an unexpected response shape (no web.results list). The API may have changed; try again later.',
        });
      }
      return (parsed.data.web?.results ?? []).map((result) => {
        const snippet = [result.description, ...(result.extra_snippets ?? [])]
          .map(plain)
          .filter(Boolean)
          .join(' … ');
        const age = result.age ?? result.page_age;
        return {
          title: plain(result.title) || result.url,
          url: result.url,
          snippet,
          ...(age ? { age } : {}),
        };
      });
    },
  };
}

/** The 401/403 with a Brave-specific fix, and never the key. */
function authError(error: AuthError, apiKey: string): AuthError {
  const body = error.body as { error?: { detail?: unknown; code?: unknown } } | undefined;
  const detail =
    typeof body?.error?.detail === 'string' ? body.error.detail.replace(/[.\s]+$/, '') : undefined;
  const code = typeof body?.error?.code === 'string' ? ` [${body.error.code}]` : '';
  const said = detail ? `: ${detail}${code}` : '';
  const fix =
    error.status === 401
      ? 'Check BRAVE_API_KEY (or the apiKey passed to createBraveSearchProvider): it must be a valid, active Brave Search API key from https://api-dashboard.search.brave.com/app/keys.'
      : 'The key is valid but its plan does not allow this request; check the subscription in the Brave Search API dashboard.';
  return new AuthError({
    status: error.status,
    method: error.method,
    url: error.url,
    ...(error.requestId ? { requestId: error.requestId } : {}),
    body: error.body,
    cause: error,
    message: redactSecrets(`Brave Search refused the API key (HTTP ${error.status})${said}. ${fix}`, [
      apiKey,
    ]),
  });
}

/**
 * Search providers from the environment: with `BRAVE_API_KEY` set, one Brave provider serves both
 * WebSearch and CodeSearch; without it, none (and neither tool is registered). Spread the result
 * into the session options: `new CodingSession({ root, ...braveSearchFromEnv() })`.
 */
export function braveSearchFromEnv(
  env: Readonly<Record<string, string | undefined>> = process.env,
  options: Omit<BraveSearchProviderOptions, 'apiKey'> = {},
): { webSearch?: SearchProvider; codeSearch?: SearchProvider } {
  const apiKey = env['BRAVE_API_KEY']?.trim();
  if (!apiKey) return {};
  const provider = createBraveSearchProvider({ ...options, apiKey });
  return { webSearch: provider, codeSearch: provider };
}
