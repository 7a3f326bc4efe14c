/**
 * A fake Brave Search Web Search API on 127.0.0.1, answering in Brave's response shape: `GET
 * /res/v1/web/search` with `X-Subscription-Token`; a wrong token gets Brave's 401 ErrorResponse
 * (which, to test redaction, echoes the token it received). Faults (429, hangs…) come from
 * @toolsmith/testing's fake API.
 */
import { createFakeApi, type FakeApi } from '@toolsmith/testing';

export const FAKE_BRAVE_KEY = 'BSA-test-key-0123456789abcdef';

/** 25 results; titles and descriptions carry Brave's highlight tags and HTML entities. */
export function braveResult(n: number, query: string) {
  return {
    type: 'search_result',
    title: `Result ${n} for <strong>${query}</strong>`,
    url: `https://example.com/page-${n}`,
    is_source_local: false,
    description: `Snippet ${n}: <strong>${query}</strong> isn&#x27;t &amp; is.`,
    ...(n === 1 ? { age: 'March 3, 2025', extra_snippets: ['More about it.'] } : {}),
    profile: { name: 'Example', url: 'https://example.com', long_name: 'example.com' },
    meta_url: { scheme: 'https', netloc: 'example.com', hostname: 'example.com', path: `› page-${n}` },
  };
}

export function startFakeBrave(): Promise<FakeApi> {
  return createFakeApi({
    routes: {
      'GET /res/v1/web/search': ({ query, headers }) => {
        const token = headers['x-subscription-token'];
        if (token !== FAKE_BRAVE_KEY) {
          return {
            status: 401,
            json: {
              type: 'ErrorResponse',
              error: {
                id: 'c0ffee',
                status: 401,
                code: 'SUBSCRIPTION_TOKEN_INVALID',
                detail: 'The provided subscription token is invalid.',
                meta: { component: 'authentication', received: token ?? null },
              },
              time: 1700000000,
            },
          };
        }
        const q = String(query['q'] ?? '');
        const count = Math.min(20, Number(query['count'] ?? 20));
        if (q.includes('nothing-matches')) return { json: { type: 'search', query: { original: q } } };
        return {
          json: {
            type: 'search',
            query: { original: q, more_results_available: true },
            mixed: { type: 'mixed', main: [] },
            web: {
              type: 'search',
              results: Array.from({ length: 25 }, (_, i) => braveResult(i + 1, q)).slice(0, count),
              family_friendly: true,
            },
          },
        };
      },
    },
  });
}
