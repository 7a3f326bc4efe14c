/**
 * The headless browser against a fake API on 127.0.0.1: cookies kept by path, replaced and
 * removed as Set-Cookie says; redirects followed one at a time (each hop reported), the stop URL
 * never fetched; a page without a redirect returned by `follow` and refused by `followTo`; a loop
 * cut short.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createFakeApi, type FakeApi } from '../fake-api/fake-api.ts';
import { HeadlessBrowser, type BrowserHop } from './headless-browser.ts';

let api: FakeApi;

beforeAll(async () => {
  const to = (location: string, cookie?: string) => ({
    status: 302,
    headers: { location, ...(cookie ? { 'set-cookie': cookie } : {}) },
  });
  api = await createFakeApi({
    routes: {
      'GET /start': () => to('/app/one', 'sid=1; Path=/app; HttpOnly'),
      'GET /app/one': () => to('/app/two', 'sid=2; Path=/app'),
      'GET /app/two': () => to('/elsewhere', 'root=r; Path=/'),
      'GET /elsewhere': () => to('/app/clear'),
      'GET /app/clear': () => to('/app/after', 'sid=; Path=/app; Expires=Thu, 01 Jan 1970 00:00:00 GMT'),
      'GET /app/after': () => to('http://127.0.0.1:1/callback?code=c1'),
      'GET /page': () => ({ status: 200, headers: { 'content-type': 'text/html' }, text: '<p>Sign in</p>' }),
      'GET /loop': () => to('/loop'),
    },
  });
});
afterAll(async () => {
  await api.close();
});

const cookiesSent = (from: number) =>
  api.requests.slice(from).map((r) => `${r.path} ${r.headers['cookie'] ?? '-'}`);

describe('HeadlessBrowser', () => {
  it('keeps cookies by path, replaces and removes them, and stops at the client without fetching it', async () => {
    const hops: BrowserHop[] = [];
    const browser = new HeadlessBrowser({ onHop: (hop) => hops.push(hop) });
    const mark = api.requests.length;
    const back = await browser.followTo(`${api.url}/start`, (url) => url.port === '1');
    expect(back.href).toBe('http://127.0.0.1:1/callback?code=c1');
    expect(cookiesSent(mark)).toEqual([
      '/start -',
      '/app/one sid=1',
      '/app/two sid=2',
      // Path=/app does not cover /elsewhere.
      '/elsewhere root=r',
      '/app/clear sid=2; root=r',
      // An expired Set-Cookie removes the pair.
      '/app/after root=r',
    ]);
    expect(browser.visited.map((url) => url.pathname)).toEqual([
      '/start',
      '/app/one',
      '/app/two',
      '/elsewhere',
      '/app/clear',
      '/app/after',
      '/callback',
    ]);
    expect(hops.map((hop) => `${hop.url.pathname} ${hop.status} → ${hop.next.pathname}`)).toEqual([
      '/start 302 → /app/one',
      '/app/one 302 → /app/two',
      '/app/two 302 → /elsewhere',
      '/elsewhere 302 → /app/clear',
      '/app/clear 302 → /app/after',
      '/app/after 302 → /callback',
    ]);
    expect(new Set(hops.map((hop) => hop.start.pathname))).toEqual(new Set(['/start']));
  });

  it('follow returns the page that answered without a redirect; followTo refuses it with its status and text', async () => {
    const followed = await new HeadlessBrowser().follow(`${api.url}/page`, () => false);
    expect(followed.url.pathname).toBe('/page');
    expect(followed.response?.status).toBe(200);
    expect(followed.visited.map((url) => url.pathname)).toEqual(['/page']);
    await expect(new HeadlessBrowser().followTo(`${api.url}/page`, () => false)).rejects.toThrow(
      `The login stopped at ${api.url}/page (HTTP 200, no redirect): <p>Sign in</p>`,
    );
  });

  it('cuts a redirect loop short, naming where it started', async () => {
    const mark = api.requests.length;
    await expect(new HeadlessBrowser().follow(`${api.url}/loop`, () => false)).rejects.toThrow(
      `More than 12 redirects from ${api.url}/loop`,
    );
    expect(api.requests.length - mark).toBe(12);
  });
});
