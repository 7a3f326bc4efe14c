/**
 * A browser reduced to what an OAuth login needs: it follows redirects one by one
 * (`redirect: 'manual'`) and keeps cookies by name and path, so a test walks
 * authorize → interaction → upstream → callback → resume → client redirect URI exactly as a user
 * agent would, and stops before the client's redirect URI is fetched.
 *
 * A copy kept on purpose, with rig.ts's sign-in helpers and the in-memory OAuthClientProvider of
 * create-authorization-server.test.ts: the shared headless sign-in is @toolsmith/testing's
 * (packages/testing/src/oauth: HeadlessBrowser, signIn, signInForTokens…), which every app and tool
 * uses, but @toolsmith/testing depends on core, so core's own tests cannot. Change both together.
 */
interface Cookie {
  name: string;
  value: string;
  path: string;
}

export interface Followed {
  /** Where it stopped: the first URL `stopAt` accepted, or the last one answered without a redirect. */
  url: URL;
  /** The answer at `url`, when it was fetched (not when `stopAt` stopped it). */
  response?: Response;
  /** Every URL visited, in order. */
  visited: URL[];
}

export class Browser {
  private cookies: Cookie[] = [];

  async get(url: URL | string): Promise<Response> {
    const target = new URL(url);
    const cookie = this.cookies
      .filter(
        (c) =>
          target.pathname === c.path ||
          target.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`),
      )
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    const response = await fetch(target, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const line of response.headers.getSetCookie()) this.keep(line);
    return response;
  }

  /** Follows redirects from `start` until `stopAt` accepts a URL or a page answers without one. */
  async follow(start: URL | string, stopAt: (url: URL) => boolean, maxHops = 12): Promise<Followed> {
    let url = new URL(start);
    const visited: URL[] = [];
    for (let hop = 0; hop < maxHops; hop++) {
      visited.push(url);
      if (stopAt(url)) return { url, visited };
      const response = await this.get(url);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { url, response, visited };
      await response.body?.cancel();
      url = new URL(location, url);
    }
    throw new Error(`More than ${maxHops} redirects from ${start}`);
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
