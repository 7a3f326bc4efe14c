import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { AuthError, ConfigError, RateLimitedError, ValidationError } from '@toolsmith/core';
import type { FakeApi } from '@toolsmith/testing';
import { FAKE_BRAVE_KEY, startFakeBrave } from './__fixtures__/fake-brave.ts';
import {
  BRAVE_CODE_SITES,
  braveCodeQuery,
  braveSearchFromEnv,
  createBraveSearchProvider,
} from './brave-search-provider.ts';

let brave: FakeApi;
beforeEach(async () => {
  brave = await startFakeBrave();
});
afterEach(async () => {
  await brave.close();
});

const signal = () => new AbortController().signal;

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe('createBraveSearchProvider', () => {
  it('calls GET /res/v1/web/search with q, count and the token header, and maps web.results', async () => {
    const provider = createBraveSearchProvider({ apiKey: FAKE_BRAVE_KEY, baseUrl: brave.url });
    const results = await provider.search('zod v4', { count: 3, signal: signal() });

    expect(provider.name).toBe('Brave Search');
    expect(brave.requests).toHaveLength(1);
    const request = brave.requests[0]!;
    expect(request.method).toBe('GET');
    expect(request.path).toBe('/res/v1/web/search');
    expect(request.query).toEqual({
      q: 'zod v4',
      count: '3',
      text_decorations: 'false',
      result_filter: 'web',
    });
    expect(request.headers['x-subscription-token']).toBe(FAKE_BRAVE_KEY);
    expect(request.headers['accept']).toBe('application/json');
    expect(results).toEqual([
      {
        title: 'Result 1 for zod v4',
        url: 'https://example.com/page-1',
        snippet: "Snippet 1: zod v4 isn't & is. … More about it.",
        age: 'March 3, 2025',
      },
      {
        title: 'Result 2 for zod v4',
        url: 'https://example.com/page-2',
        snippet: "Snippet 2: zod v4 isn't & is.",
      },
      {
        title: 'Result 3 for zod v4',
        url: 'https://example.com/page-3',
        snippet: "Snippet 3: zod v4 isn't & is.",
      },
    ]);
  });

  it('clamps count to Brave’s 1–20 range', async () => {
    const provider = createBraveSearchProvider({ apiKey: FAKE_BRAVE_KEY, baseUrl: brave.url });
    expect(await provider.search('many', { count: 50, signal: signal() })).toHaveLength(20);
    await provider.search('few', { count: 0, signal: signal() });
    expect(brave.requests.map((r) => r.query['count'])).toEqual(['20', '1']);
  });

  it('answers an empty list when Brave sends no web section', async () => {
    const provider = createBraveSearchProvider({ apiKey: FAKE_BRAVE_KEY, baseUrl: brave.url });
    expect(await provider.search('nothing-matches', { count: 5, signal: signal() })).toEqual([]);
  });

  it('restricts a code search to code sites', async () => {
    const provider = createBraveSearchProvider({ apiKey: FAKE_BRAVE_KEY, baseUrl: brave.url });
    await provider.search('zod discriminatedUnion', { count: 5, signal: signal(), kind: 'code' });
    expect(brave.requests[0]!.query['q']).toBe(
      'zod discriminatedUnion (site:github.com OR site:stackoverflow.com OR site:developer.mozilla.org OR site:readthedocs.io OR site:docs.rs OR site:pkg.go.dev OR site:npmjs.com)',
    );
  });

  it('uses configured code sites, and none when the list is empty', async () => {
    const custom = createBraveSearchProvider({
      apiKey: FAKE_BRAVE_KEY,
      baseUrl: brave.url,
      codeSites: ['gitlab.com'],
    });
    await custom.search('q1', { count: 1, signal: signal(), kind: 'code' });
    const none = createBraveSearchProvider({ apiKey: FAKE_BRAVE_KEY, baseUrl: brave.url, codeSites: [] });
    await none.search('q2', { count: 1, signal: signal(), kind: 'code' });
    expect(brave.requests.map((r) => r.query['q'])).toEqual(['q1 (site:gitlab.com)', 'q2']);
  });

  it('retries a 429 after its Retry-After, then succeeds', async () => {
    const provider = createBraveSearchProvider({ apiKey: FAKE_BRAVE_KEY, baseUrl: brave.url });
    brave.faults.add({ kind: 'rateLimit', retryAfterSeconds: 1 });
    const started = performance.now();
    const results = await provider.search('retry me', { count: 2, signal: signal() });
    expect(results).toHaveLength(2);
    expect(brave.requests.map((r) => r.fault)).toEqual(['rateLimit', undefined]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('gives up on a Retry-After longer than maxRetryAfterMs with a RateLimitedError that says when', async () => {
    const provider = createBraveSearchProvider({
      apiKey: FAKE_BRAVE_KEY,
      baseUrl: brave.url,
      maxRetryAfterMs: 1000,
    });
    brave.faults.add({ kind: 'rateLimit', retryAfterSeconds: 30 });
    const error = await rejection(provider.search('slow down', { count: 2, signal: signal() }));
    expect(RateLimitedError.isInstance(error)).toBe(true);
    expect(error.message).toContain('HTTP 429');
    expect(error.message).toContain('wait 30 s');
    expect(brave.requests).toHaveLength(1);
  });

  it('turns a 401 into an AuthError that names BRAVE_API_KEY and never contains the key', async () => {
    const wrongKey = 'BSA-wrong-key-9876543210';
    const provider = createBraveSearchProvider({ apiKey: wrongKey, baseUrl: brave.url });
    const error = await rejection(provider.search('anything', { count: 2, signal: signal() }));
    expect(AuthError.isInstance(error)).toBe(true);
    expect((error as AuthError).status).toBe(401);
    expect(error.message).toBe(
      'Brave Search refused the API key (HTTP 401): The provided subscription token is invalid [SUBSCRIPTION_TOKEN_INVALID]. Check BRAVE_API_KEY (or the apiKey passed to createBraveSearchProvider): it must be a valid, active Brave Search API key from https://api-dashboard.search.brave.com/app/keys.',
    );
    // The fake echoes the key in its error body: it must be scrubbed there too.
    expect(JSON.stringify((error as AuthError).body)).not.toContain(wrongKey);
    expect(JSON.stringify((error as AuthError).body)).toContain('[REDACTED]');
    expect(brave.requests).toHaveLength(1);
  });

  it('refuses a query over Brave’s limits before calling it', async () => {
    const provider = createBraveSearchProvider({ apiKey: FAKE_BRAVE_KEY, baseUrl: brave.url });
    const error = await rejection(provider.search('word '.repeat(51), { count: 2, signal: signal() }));
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.message).toContain('51 words; Brave Search accepts at most 400 characters and 50 words');
    expect(brave.requests).toHaveLength(0);
  });

  it('refuses an empty API key with a ConfigError', () => {
    let error: unknown;
    try {
      createBraveSearchProvider({ apiKey: '  ' });
    } catch (e) {
      error = e;
    }
    expect(ConfigError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('BRAVE_API_KEY: is empty');
  });
});

describe('braveCodeQuery', () => {
  it('drops sites from the end to stay within 400 characters', () => {
    const long = 'x'.repeat(300);
    const query = braveCodeQuery(long);
    expect(query.length).toBeLessThanOrEqual(400);
    expect(query).toBe(
      `${long} (site:github.com OR site:stackoverflow.com OR site:developer.mozilla.org OR site:readthedocs.io)`,
    );
    expect(braveCodeQuery('y'.repeat(390))).toBe('y'.repeat(390));
  });

  it('drops sites to stay within 50 words', () => {
    const words = Array.from({ length: 45 }, (_, i) => `w${i}`).join(' ');
    // Each extra site costs two words ("OR site:x"); the first costs one.
    expect(braveCodeQuery(words)).toBe(
      `${words} (site:github.com OR site:stackoverflow.com OR site:developer.mozilla.org)`,
    );
    expect(BRAVE_CODE_SITES).toContain('github.com');
  });
});

describe('braveSearchFromEnv', () => {
  it('gives one Brave provider for both slots when BRAVE_API_KEY is set', async () => {
    const providers = braveSearchFromEnv({ BRAVE_API_KEY: FAKE_BRAVE_KEY }, { baseUrl: brave.url });
    expect(providers.webSearch).toBeDefined();
    expect(providers.codeSearch).toBe(providers.webSearch);
    expect(await providers.webSearch!.search('env', { count: 1, signal: signal() })).toHaveLength(1);
  });

  it('gives nothing without BRAVE_API_KEY (or with a blank one)', () => {
    expect(braveSearchFromEnv({})).toEqual({});
    expect(braveSearchFromEnv({ BRAVE_API_KEY: ' ' })).toEqual({});
  });
});
