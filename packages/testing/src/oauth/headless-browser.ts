/**
 * A browser reduced to what an OAuth login needs: it follows redirects one at a time
 * (`redirect: 'manual'`) and keeps cookies by name and path (an empty or expired one removes its
 * pair), so a test walks authorize → login page → upstream → callback → client redirect URI as a
 * user agent would, and stops before the client's redirect URI is fetched. Nothing is rendered:
 * the logins it passes through approve without a page (the emulators' `login_hint`).
 *
 * packages/core keeps its own copy in its authorization server's fixtures
 * (`src/auth/authorization-server/__fixtures__/browser.ts`): @toolsmith/testing depends on core,
 * so core's tests cannot use this one. Everything outside core uses this one.
 */

/** One redirect the browser followed: for transcripts and assertions. */
export interface BrowserHop {
  /** Where the walk started (the authorization URL). */
  readonly start: URL;
  /** The URL fetched. */
  readonly url: URL;
  readonly status: number;
  /** Where its `Location` sent the browser. */
  readonly next: URL;
}

export interface HeadlessBrowserOptions {
  /** Called after each redirect is answered, before the next URL is fetched. */
  onHop?: (hop: BrowserHop) => void;
}

export interface Followed {
  /** Where it stopped: the first URL `stopAt` accepted, or the last one answered without a redirect. */
  readonly url: URL;
  /** The answer at `url` when it was fetched (not when `stopAt` stopped the walk there). */
  readonly response?: Response;
  /** Every URL of this walk, in order, `url` last. */
  readonly visited: readonly URL[];
}

interface Cookie {
  name: string;
  value: string;
  path: string;
}

/** The longest walk from an authorization URL to the client; more is a redirect loop. */
const MAX_HOPS = 12;

export class HeadlessBrowser {
  /** Every URL visited by every walk, in order. */
  readonly visited: URL[] = [];
  private cookies: Cookie[] = [];
  private readonly onHop: ((hop: BrowserHop) => void) | undefined;

  constructor(options: HeadlessBrowserOptions = {}) {
    this.onHop = options.onHop;
  }

  /** GET with the cookies whose path covers `url`; the answer's `Set-Cookie`s are kept. */
  async get(url: URL | string): Promise<Response> {
    const target = new URL(url);
    const cookie = this.cookies
      .filter((c) => covers(c.path, target.pathname))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    const response = await fetch(target, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const line of response.headers.getSetCookie()) this.keep(line);
    return response;
  }

  /** Follows redirects from `start` until `stopAt` accepts a URL or a page answers without one. */
  async follow(start: URL | string, stopAt: (url: URL) => boolean): Promise<Followed> {
    const first = new URL(start);
    const visited: URL[] = [];
    let url = first;
    for (let hop = 0; hop < MAX_HOPS; hop++) {
      visited.push(url);
      this.visited.push(url);
      if (stopAt(url)) return { url, visited };
      const response = await this.get(url);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { url, response, visited };
      await response.body?.cancel();
      const next = new URL(location, url);
      this.onHop?.({ start: first, url, status: response.status, next });
      url = next;
    }
    throw new Error(
      `More than ${MAX_HOPS} redirects from ${first.origin}${first.pathname}: the login loops; look at the URLs in browser.visited.`,
    );
  }

  /**
   * Follows redirects until `stopAt` accepts a URL, and returns it; a page that answers without a
   * redirect on the way throws, with its status and text (a login that needs a person, an error).
   */
  async followTo(start: URL | string, stopAt: (url: URL) => boolean): Promise<URL> {
    const followed = await this.follow(start, stopAt);
    if (followed.response) {
      const { url, response } = followed;
      const page = (await response.text()).replace(/\s+/g, ' ').slice(0, 300);
      throw new Error(
        `The login stopped at ${url.origin}${url.pathname} (HTTP ${response.status}, no redirect): ${page}. Check the login_hint names a user of the login page, and the redirect URIs registered.`,
      );
    }
    return followed.url;
  }

  private keep(line: string) {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const equals = pair.indexOf('=');
    const name = pair.slice(0, equals);
    const value = pair.slice(equals + 1);
    const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
    const expired = attributes.some((a) => /^expires=thu, 01 jan 1970/i.test(a)) || value === '';
    this.cookies = this.cookies.filter((c) => !(c.name === name && c.path === path));
    if (!expired) this.cookies.push({ name, value, path });
  }
}

/** RFC 6265 path matching: `/a` covers `/a` and `/a/b`, not `/ab`. */
function covers(cookiePath: string, pathname: string): boolean {
  return (
    pathname === cookiePath || pathname.startsWith(cookiePath.endsWith('/') ? cookiePath : `${cookiePath}/`)
  );
}
