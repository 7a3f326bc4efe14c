import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { noProgress, silentLogger, type ToolCallResult } from '@toolsmith/core';
import { checkToolDefinition, createFakeApi, type FakeApi, type FakeRoutes } from '@toolsmith/testing';
import { CodingSession, type CodingSessionOptions } from '../session/coding-session.ts';
import { FETCH_CACHE_TTL_MS, WebFetchTool } from './web-fetch.ts';

let root: string;
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'web-fetch-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

let api: FakeApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

async function serve(routes: FakeRoutes): Promise<FakeApi> {
  api = await createFakeApi({ routes });
  return api;
}

function session(options: Partial<CodingSessionOptions> = {}): CodingSession {
  return new CodingSession({ root, allowedPrivateHosts: ['127.0.0.1'], ...options });
}

function fetchWith(s: CodingSession, args: unknown, signal = new AbortController().signal) {
  return new WebFetchTool().run(args, {
    deps: { session: s },
    signal,
    progress: noProgress,
    logger: silentLogger,
    toolName: 'WebFetch',
  });
}

function text(result: ToolCallResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
}

/** The part of a result after the header. */
function body(result: ToolCallResult): string {
  const output = text(result);
  return output.slice(output.indexOf('\n\n') + 2);
}

const html = (markup: string) => ({ headers: { 'content-type': 'text/html; charset=utf-8' }, text: markup });

const PAGE = `<!doctype html>
<html>
<head><title>Zod &amp; friends</title><style>body { color: red }</style><script>alert("x")</script></head>
<body>
  <nav><a href="/">Home</a> <a href="/blog">Blog</a></nav>
  <main>
    <h1>Getting started <a href="#getting-started" aria-hidden="true">#</a></h1>
    <p>Read the <a href="/docs/api">API reference</a> or <a href="https://github.com/colinhacks/zod">the repo</a>.</p>
    <h2>Install</h2>
    <pre><code class="language-bash">npm install zod
</code></pre>
    <h3>Usage</h3>
    <p>Call <code>z.object()</code> with a <em>shape</em>:</p>
    <pre class="lang-ts">const User = z.object({ name: z.string() });</pre>
    <ul><li>Small</li><li>Typed</li></ul>
    <table><tr><th>Option</th><th>Type</th></tr><tr><td>strict</td><td>boolean</td></tr></table>
  </main>
  <footer>© 2025 Example</footer>
</body>
</html>`;

describe('WebFetch: definition', () => {
  it('follows the definition conventions and describes every parameter', () => {
    const tool = new WebFetchTool();
    expect(checkToolDefinition(tool)).toEqual([]);
    const { inputSchema, annotations } = tool.getDefinition();
    expect(inputSchema.required).toEqual(['url']);
    for (const [name, schema] of Object.entries(inputSchema.properties ?? {})) {
      expect([name, typeof (schema as { description?: unknown }).description]).toEqual([name, 'string']);
    }
    // openWorldHint is left out of the definition: the MCP default, true
    expect(annotations).toEqual({ readOnlyHint: true });
  });
});

describe('WebFetch: conversion', () => {
  it('converts HTML to Markdown: headings, absolute links, fenced code, lists, tables; drops chrome', async () => {
    const fake = await serve({ 'GET /guide': () => html(PAGE) });
    const result = await fetchWith(session(), { url: `${fake.url}/guide` });
    expect(result.isError).toBeFalsy();
    expect(text(result)).toBe(
      [
        `URL: ${fake.url}/guide`,
        'Title: Zod & friends',
        'Content-Type: text/html; charset=utf-8 (converted to Markdown)',
        '',
        '# Getting started',
        '',
        `Read the [API reference](${fake.url}/docs/api) or [the repo](https://github.com/colinhacks/zod).`,
        '',
        '## Install',
        '',
        '```bash',
        'npm install zod',
        '```',
        '',
        '### Usage',
        '',
        'Call `z.object()` with a *shape*:',
        '',
        '```ts',
        'const User = z.object({ name: z.string() });',
        '```',
        '',
        '-   Small',
        '-   Typed',
        '',
        '| Option | Type |',
        '| --- | --- |',
        '| strict | boolean |',
      ].join('\n'),
    );
    expect(fake.requests[0]!.headers['accept']).toMatch(/^text\/markdown/);
  });

  it('converts HTML to plain text with format "text", and returns the source with format "html"', async () => {
    const fake = await serve({ 'GET /guide': () => html(PAGE) });
    const plain = body(await fetchWith(session(), { url: `${fake.url}/guide`, format: 'text' }));
    expect(plain).toContain(
      'Getting started\n\nRead the API reference or the repo.\n\nInstall\n\nnpm install zod',
    );
    expect(plain).toContain('Call z.object() with a shape:');
    expect(plain).toContain('Option\tType\nstrict\tboolean');
    expect(plain).not.toMatch(/[#*`[\]]/);
    expect(plain).not.toContain('alert');
    const raw = await fetchWith(session(), { url: `${fake.url}/guide`, format: 'html' });
    expect(text(raw)).toContain('(raw HTML)');
    expect(body(raw)).toBe(PAGE);
  });

  it('returns non-HTML text as served, whatever the format', async () => {
    const fake = await serve({
      'GET /notes.txt': () => ({
        headers: { 'content-type': 'text/plain' },
        text: '# not a heading\n*raw* <b>text</b>\n',
      }),
      'GET /data.json': () => ({ json: { ok: true, items: [1, 2] } }),
      'GET /README.md': () => ({ headers: { 'content-type': 'text/markdown' }, text: '# Title\n\nBody' }),
    });
    const notes = await fetchWith(session(), { url: `${fake.url}/notes.txt`, format: 'html' });
    expect(text(notes)).toBe(
      `URL: ${fake.url}/notes.txt\nContent-Type: text/plain (as served)\n\n# not a heading\n*raw* <b>text</b>\n`,
    );
    expect(body(await fetchWith(session(), { url: `${fake.url}/data.json` }))).toBe(
      '{"ok":true,"items":[1,2]}',
    );
    expect(body(await fetchWith(session(), { url: `${fake.url}/README.md` }))).toBe('# Title\n\nBody');
  });

  it('decodes the charset the server declares', async () => {
    const fake = await serve({
      'GET /latin1': () => ({
        headers: { 'content-type': 'text/plain; charset=iso-8859-1' },
        bytes: Buffer.from('café crème', 'latin1'),
      }),
    });
    expect(body(await fetchWith(session(), { url: `${fake.url}/latin1` }))).toBe('café crème');
  });

  it('sniffs a body without Content-Type: HTML is converted, binary is refused', async () => {
    const bodies: Record<string, Uint8Array> = {
      '/page': new TextEncoder().encode('<!DOCTYPE html><h1>Sniffed</h1>'),
      '/blob': new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]),
    };
    const s = session({
      webFetch: { lookup: async () => [{ address: '93.184.215.14', family: 4 }] },
      fetch: async (input) => new Response(bodies[new URL(String(input)).pathname]),
    });
    const page = await fetchWith(s, { url: 'https://sniff.example.com/page' });
    expect(text(page)).toBe(
      'URL: https://sniff.example.com/page\nContent-Type: unknown (converted to Markdown)\n\n# Sniffed',
    );
    const blob = await fetchWith(s, { url: 'https://sniff.example.com/blob' });
    expect(text(blob)).toContain('serves binary content (no Content-Type, and the body looks binary)');
  });

  it('says so when the page has no text', async () => {
    const fake = await serve({ 'GET /empty': () => html('<html><body><script>x()</script></body></html>') });
    expect(body(await fetchWith(session(), { url: `${fake.url}/empty` }))).toBe(
      '(The page has no text content.)',
    );
  });

  it('refuses binary content types, naming the type', async () => {
    const fake = await serve({
      'GET /logo.png': () => ({
        headers: { 'content-type': 'image/png' },
        bytes: new Uint8Array([137, 80, 78, 71]),
      }),
      'GET /paper': () => ({
        headers: { 'content-type': 'application/pdf' },
        bytes: Buffer.from('%PDF-1.7'),
      }),
      'GET /blob': () => ({ bytes: new Uint8Array([0, 1, 2, 0, 255]) }),
    });
    const png = await fetchWith(session(), { url: `${fake.url}/logo.png` });
    expect(png.isError).toBe(true);
    expect(text(png)).toContain(
      `- url: ${fake.url}/logo.png serves binary content (image/png); WebFetch returns text only (HTML, Markdown, plain text, JSON, XML…). Fetch an HTML or text version of this content instead.`,
    );
    expect(text(await fetchWith(session(), { url: `${fake.url}/paper` }))).toContain(
      'binary content (application/pdf)',
    );
    expect(text(await fetchWith(session(), { url: `${fake.url}/blob` }))).toContain(
      'binary content (application/octet-stream)',
    );
  });
});

describe('WebFetch: prompt', () => {
  it('echoes the prompt and puts the sections that mention its keywords first', async () => {
    const fake = await serve({ 'GET /guide': () => html(PAGE) });
    const result = await fetchWith(session(), {
      url: `${fake.url}/guide`,
      prompt: 'How do I install it with npm?',
    });
    const output = text(result);
    expect(output).toContain('\nPrompt: "How do I install it with npm?"\n');
    expect(output).toContain(
      `No model runs here: 1 of 3 sections mention the prompt's keywords ("install", "npm"); they come first, the rest of the page follows.`,
    );
    expect(body(result)).toMatch(
      /^\[Sections that mention the prompt's keywords: 1 of 3, most keywords first\]\n\n## Install\n\n```bash\nnpm install zod\n```\n\n\[The rest of the page, in order\]\n\n# Getting started/,
    );
  });

  it('keeps the page order when no section matches', async () => {
    const fake = await serve({ 'GET /guide': () => html(PAGE) });
    const result = await fetchWith(session(), { url: `${fake.url}/guide`, prompt: 'pricing plans' });
    expect(text(result)).toContain(
      `No section of the page mentions the prompt's keywords ("pricing", "plans")`,
    );
    expect(body(result).startsWith('# Getting started')).toBe(true);
  });
});

describe('WebFetch: limits', () => {
  it('stops reading at the download cap and says the page was cut', async () => {
    // An endless body: the test only finishes if WebFetch stops reading.
    let closed = false;
    const server: Server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = 'a'.repeat(16 * 1024);
      const pump = () => {
        while (!closed && res.write(chunk));
        if (!closed) res.once('drain', pump);
      };
      res.on('close', () => {
        closed = true;
      });
      pump();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const result = await fetchWith(session({ webFetch: { maxDownloadBytes: 40_000 } }), {
        url: `http://127.0.0.1:${port}/endless`,
      });
      expect(result.isError).toBeFalsy();
      expect(text(result)).toContain(
        'Cut: the page is larger than the 39.1 KB download limit; only the first 39.1 KB were read and the rest is missing.',
      );
      expect(body(result)).toBe('a'.repeat(40_000));
      for (let i = 0; i < 100 && !closed; i++) await new Promise((r) => setTimeout(r, 10));
      expect(closed).toBe(true);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('caps a 6 MB page at 5 MB read and 50 000 characters returned, with a hint', async () => {
    const big = 'line of text\n'.repeat(Math.ceil((6 * 1024 * 1024) / 13));
    const fake = await serve({
      'GET /big.txt': () => ({ headers: { 'content-type': 'text/plain' }, text: big }),
    });
    const output = text(await fetchWith(session(), { url: `${fake.url}/big.txt` }));
    expect(output).toContain(
      'Cut: the page is larger than the 5 MB download limit; only the first 5 MB were read',
    );
    expect(output.length).toBeLessThanOrEqual(50_000);
    expect(output).toMatch(
      /\[Output truncated: showing 50000 of \d+ characters\. The page is longer than the result limit\. Pass a `prompt` naming what you need/,
    );
  });

  it('times out with the configured timeout', async () => {
    const fake = await serve({ 'GET /slow': () => html('<p>late</p>') });
    fake.faults.add({ kind: 'hang' });
    const started = performance.now();
    const result = await fetchWith(session({ webFetch: { timeoutMs: 200 } }), { url: `${fake.url}/slow` });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe(
      `Fetching ${fake.url}/slow timed out after 200 ms: the server did not send the page in time. Try again later, or fetch another URL.`,
    );
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('counts a DNS lookup that never answers against the timeout', async () => {
    const s = session({ webFetch: { timeoutMs: 100, lookup: () => new Promise(() => undefined) } });
    const result = await fetchWith(s, { url: 'https://stuck-dns.example.com/' });
    expect(text(result)).toBe(
      'Fetching https://stuck-dns.example.com/ timed out after 100 ms: the server did not send the page in time. Try again later, or fetch another URL.',
    );
  });

  it('ends as cancelled when the caller aborts', async () => {
    const fake = await serve({ 'GET /slow': () => html('<p>late</p>') });
    fake.faults.add({ kind: 'hang' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const result = await fetchWith(session(), { url: `${fake.url}/slow` }, controller.signal);
    expect(result.isError).toBe(true);
    expect(text(result)).toBe('Tool "WebFetch" was cancelled.');
  });
});

describe('WebFetch: redirects', () => {
  const chain: FakeRoutes = {
    'GET /hop/:n': ({ params }) => {
      const n = Number(params['n']);
      return n === 0
        ? html('<h1>Arrived</h1>')
        : { status: n % 2 ? 302 : 301, headers: { location: `/hop/${n - 1}` } };
    },
  };

  it('follows up to 5 redirects and says where the page came from', async () => {
    const fake = await serve(chain);
    const result = await fetchWith(session(), { url: `${fake.url}/hop/5` });
    expect(result.isError).toBeFalsy();
    expect(text(result)).toBe(
      `URL: ${fake.url}/hop/0\nRedirected from: ${fake.url}/hop/5\nContent-Type: text/html; charset=utf-8 (converted to Markdown)\n\n# Arrived`,
    );
    expect(fake.requests.map((r) => r.path)).toEqual([
      '/hop/5',
      '/hop/4',
      '/hop/3',
      '/hop/2',
      '/hop/1',
      '/hop/0',
    ]);
  });

  it('stops after 5 redirects', async () => {
    const fake = await serve(chain);
    const result = await fetchWith(session(), { url: `${fake.url}/hop/6` });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe(
      `${fake.url}/hop/6 redirected more than 5 times (${[6, 5, 4, 3, 2, 1, 0].map((n) => `${fake.url}/hop/${n}`).join(' → ')}). Stopped following. If the last address is the page you want, fetch it directly.`,
    );
    expect(fake.requests).toHaveLength(6);
  });

  it('refuses a redirect to a private address or to localhost, before requesting it', async () => {
    const fake = await serve({
      'GET /to-private': () => ({ status: 302, headers: { location: 'http://10.1.2.3/admin' } }),
      'GET /to-localhost': () => ({
        status: 307,
        headers: { location: `http://localhost:${new URL(api!.url).port}/` },
      }),
      'GET /to-ftp': () => ({ status: 301, headers: { location: 'ftp://files.example.com/x' } }),
    });
    const toPrivate = await fetchWith(session(), { url: `${fake.url}/to-private` });
    expect(toPrivate.isError).toBe(true);
    expect(text(toPrivate)).toContain(
      '- url: http://10.1.2.3/admin was refused: 10.1.2.3 is a private or loopback address. WebFetch only reaches public hosts.',
    );
    const toLocalhost = await fetchWith(session(), { url: `${fake.url}/to-localhost` });
    expect(text(toLocalhost)).toContain('was refused: "localhost" is the local machine');
    const toFtp = await fetchWith(session(), { url: `${fake.url}/to-ftp` });
    expect(text(toFtp)).toContain(
      'redirected to ftp://files.example.com/x; WebFetch only follows http:// and https:// redirects',
    );
    expect(fake.requests.map((r) => r.path)).toEqual(['/to-private', '/to-localhost', '/to-ftp']);
  });
});

describe('WebFetch: HTTP errors', () => {
  it('reports a non-2xx status with the status and what to do', async () => {
    const fake = await serve({
      'GET /gone': () => ({ status: 404, text: 'nope' }),
      'GET /broken': () => ({ status: 503, text: 'down' }),
      'GET /private': () => ({ status: 403, text: 'no' }),
    });
    const gone = await fetchWith(session(), { url: `${fake.url}/gone` });
    expect(gone.isError).toBe(true);
    expect(text(gone)).toBe(
      `GET ${fake.url}/gone answered HTTP 404 Not Found. The page does not exist (any more). Check the URL, or search for the page to find its current address.`,
    );
    expect(text(await fetchWith(session(), { url: `${fake.url}/broken` }))).toBe(
      `GET ${fake.url}/broken answered HTTP 503 Service Unavailable. The server failed; try again later.`,
    );
    expect(text(await fetchWith(session(), { url: `${fake.url}/private` }))).toContain(
      'answered HTTP 403 Forbidden. The page needs a login or refuses automated clients',
    );
  });

  it('reports a refused connection as a network error', async () => {
    const fake = await serve({});
    const url = `${fake.url}/x`;
    await fake.close();
    const result = await fetchWith(session(), { url });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe(
      `GET ${url} failed: connection refused (ECONNREFUSED). The service may be unreachable; try again later.`,
    );
  });

  it('reports a connection dropped in the middle of the body as a network error', async () => {
    const fake = await serve({
      'GET /cut': () => ({ headers: { 'content-type': 'text/plain' }, text: 'x'.repeat(100_000) }),
    });
    fake.faults.add({ kind: 'reset', when: 'mid-response' });
    const result = await fetchWith(session(), { url: `${fake.url}/cut` });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(
      new RegExp(`^GET ${fake.url}/cut failed: .+\\. The service may be unreachable; try again later\\.$`),
    );
  });
});

describe('WebFetch: cache', () => {
  it('serves a second fetch of the same URL and format from the session cache for 15 minutes', async () => {
    let clock = 1_000_000;
    const fake = await serve({ 'GET /page': () => html('<h1>Cached page</h1>') });
    const s = session({ now: () => clock });
    const first = await fetchWith(s, { url: `${fake.url}/page` });
    expect(text(first)).not.toContain('session cache');

    clock += 3 * 60 * 1000;
    const second = await fetchWith(s, { url: `${fake.url}/page`, prompt: 'cached' });
    expect(fake.requests).toHaveLength(1);
    expect(text(second)).toContain('From the session cache: fetched 3 min ago (pages are kept 15 minutes).');
    expect(body(second)).toBe(body(first));

    await fetchWith(s, { url: `${fake.url}/page`, format: 'html' });
    expect(fake.requests).toHaveLength(2);

    clock = 1_000_000 + FETCH_CACHE_TTL_MS - 1;
    await fetchWith(s, { url: `${fake.url}/page` });
    expect(fake.requests).toHaveLength(2);

    clock = 1_000_000 + FETCH_CACHE_TTL_MS;
    const expired = await fetchWith(s, { url: `${fake.url}/page` });
    expect(fake.requests).toHaveLength(3);
    expect(text(expired)).not.toContain('session cache');
  });

  it('does not share the cache between sessions, nor cache failures', async () => {
    let fail = true;
    const fake = await serve({ 'GET /flaky': () => (fail ? { status: 500, text: 'x' } : html('<p>ok</p>')) });
    const s = session();
    expect((await fetchWith(s, { url: `${fake.url}/flaky` })).isError).toBe(true);
    fail = false;
    expect(body(await fetchWith(s, { url: `${fake.url}/flaky` }))).toBe('ok');
    expect(body(await fetchWith(session(), { url: `${fake.url}/flaky` }))).toBe('ok');
    expect(fake.requests).toHaveLength(3);
  });
});

describe('WebFetch: refusals', () => {
  it('refuses loopback and private hosts that are not in allowedPrivateHosts, without a request', async () => {
    const fake = await serve({ 'GET /': () => html('<p>secret</p>') });
    const result = await fetchWith(session({ allowedPrivateHosts: [] }), { url: `${fake.url}/` });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe(
      [
        'Invalid arguments for tool "WebFetch":',
        `- url: ${fake.url}/ was refused: 127.0.0.1 is a private or loopback address. WebFetch only reaches public hosts. Fetch a public URL instead; to reach this host on purpose, add "127.0.0.1" to the session's allowedPrivateHosts.`,
        'Fix these fields and call the tool again.',
      ].join('\n'),
    );
    for (const url of [
      'http://192.168.0.1/',
      'http://172.20.1.1/',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/',
      'http://[fd00::1]/',
      'http://0.0.0.0/',
    ]) {
      expect(text(await fetchWith(session(), { url }))).toContain('is a private or loopback address');
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses localhost by name even when 127.0.0.1 is allowed', async () => {
    const fake = await serve({ 'GET /': () => html('<p>secret</p>') });
    const port = new URL(fake.url).port;
    for (const host of ['localhost', 'LOCALHOST.', 'app.localhost']) {
      const result = await fetchWith(session(), { url: `http://${host}:${port}/` });
      expect(text(result)).toContain(`is the local machine`);
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses a host name that resolves to a private address, and allows one that resolves publicly', async () => {
    const fetched: string[] = [];
    const s = session({
      allowedPrivateHosts: [],
      webFetch: {
        lookup: async (host) =>
          host === 'intranet.example.com'
            ? [{ address: '10.0.0.7', family: 4 }]
            : [{ address: '93.184.215.14', family: 4 }],
      },
      fetch: async (input) => {
        fetched.push(String(input));
        return new Response('public page', { headers: { 'content-type': 'text/plain' } });
      },
    });
    const refused = await fetchWith(s, { url: 'https://intranet.example.com/wiki' });
    expect(text(refused)).toContain(
      'https://intranet.example.com/wiki was refused: "intranet.example.com" resolves to 10.0.0.7, a private or loopback address.',
    );
    expect(body(await fetchWith(s, { url: 'https://docs.example.com/' }))).toBe('public page');
    expect(fetched).toEqual(['https://docs.example.com/']);
  });

  it('refuses a name that rebinds to a private address between the check and the connection', async () => {
    const fake = await serve({ 'GET /': () => html('<p>internal secret</p>') });
    const port = new URL(fake.url).port;
    const lookups: string[] = [];
    // DNS rebinding: the first answer (the pre-check) is public, later ones (the connection) loopback.
    const s = session({
      allowedPrivateHosts: [],
      webFetch: {
        upgradeHttp: false, // the test server speaks plain HTTP
        lookup: async (host) => {
          lookups.push(host);
          return [{ address: lookups.length === 1 ? '93.184.215.14' : '127.0.0.1', family: 4 }];
        },
      },
    });
    const result = await fetchWith(s, { url: `http://rebind.example.com:${port}/` });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain(
      `http://rebind.example.com:${port}/ was refused: "rebind.example.com" resolved to 127.0.0.1, a private or loopback address, when connecting.`,
    );
    expect(lookups.length).toBeGreaterThanOrEqual(2);
    expect(fake.requests).toHaveLength(0);
  });

  it('connects to the address it checked when the name is allowed', async () => {
    const fake = await serve({ 'GET /': () => html('<p>intranet page</p>') });
    const port = new URL(fake.url).port;
    const s = session({
      allowedPrivateHosts: ['wiki.internal'],
      webFetch: { lookup: async () => [{ address: '127.0.0.1', family: 4 }] },
    });
    expect(body(await fetchWith(s, { url: `http://wiki.internal:${port}/` }))).toContain('intranet page');
    expect(fake.requests).toHaveLength(1);
  });

  it('upgrades http to https for public hosts and says so, but not for allowed private hosts', async () => {
    const fetched: string[] = [];
    const s = session({
      webFetch: { lookup: async () => [{ address: '93.184.215.14', family: 4 }] },
      fetch: async (input) => {
        fetched.push(String(input));
        return new Response('secure page', { headers: { 'content-type': 'text/plain' } });
      },
    });
    const result = text(await fetchWith(s, { url: 'http://docs.example.com:80/guide' }));
    expect(result.split('\n').slice(0, 2)).toEqual([
      'URL: https://docs.example.com/guide',
      'Upgraded to https from: http://docs.example.com/guide',
    ]);
    expect(fetched).toEqual(['https://docs.example.com/guide']);
    const off = session({
      webFetch: { upgradeHttp: false, lookup: async () => [{ address: '93.184.215.14', family: 4 }] },
      fetch: async (input) => {
        fetched.push(String(input));
        return new Response('plain page', { headers: { 'content-type': 'text/plain' } });
      },
    });
    expect(text(await fetchWith(off, { url: 'http://docs.example.com/guide' }))).not.toContain('Upgraded');
    expect(fetched.at(-1)).toBe('http://docs.example.com/guide');
  });

  it('allows a private host listed in allowedPrivateHosts', async () => {
    const s = session({
      allowedPrivateHosts: ['Intranet.Example.com'],
      webFetch: { lookup: async () => [{ address: '10.0.0.7', family: 4 }] },
      fetch: async () => new Response('inside', { headers: { 'content-type': 'text/plain' } }),
    });
    expect(body(await fetchWith(s, { url: 'https://intranet.example.com/' }))).toBe('inside');
  });

  it('reports a host name that does not resolve', async () => {
    const s = session({
      webFetch: {
        lookup: async () => Promise.reject(Object.assign(new Error('nope'), { code: 'ENOTFOUND' })),
      },
    });
    expect(text(await fetchWith(s, { url: 'https://no-such-host.invalid/' }))).toBe(
      'GET https://no-such-host.invalid/ failed: the host name "no-such-host.invalid" does not resolve (ENOTFOUND); check the URL for typos. The service may be unreachable; try again later.',
    );
  });

  it('refuses non-http schemes, invalid URLs and credentials, saying what to use', async () => {
    const field = async (url: string) => {
      const result = await fetchWith(session(), { url });
      expect(result.isError).toBe(true);
      return text(result).split('\n')[1];
    };
    expect(await field('ftp://example.com/file')).toBe(
      '- url: The scheme "ftp:" is not supported: WebFetch only fetches http:// and https:// URLs. Use an http(s) URL.',
    );
    expect(await field('file:///etc/passwd')).toBe(
      '- url: The scheme "file:" is not supported: WebFetch only fetches http:// and https:// URLs. Use an http(s) URL, or the Read tool for local files.',
    );
    expect(await field('example.com/docs')).toBe(
      '- url: "example.com/docs" is not a valid absolute URL. Pass a full URL with its scheme, e.g. "https://example.com/docs".',
    );
    expect(await field('https://user:pw@example.com/')).toBe(
      '- url: URLs with credentials (user:password@host) are not supported. Remove the credentials part.',
    );
  });

  it('refuses an unknown format with the valid options', async () => {
    const result = await fetchWith(session(), { url: 'https://example.com/', format: 'pdf' });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('Valid options: "markdown", "text", "html".');
  });
});
