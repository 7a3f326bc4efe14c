import { afterEach, describe, expect, it } from '@jest/globals';
import { createFakeApi, type FakeApi, type FakeApiOptions } from './fake-api.ts';
import { TRUNCATED_JSON } from './faults.ts';

let api: FakeApi | undefined;

async function start(options: FakeApiOptions = {}): Promise<FakeApi> {
  api = await createFakeApi(options);
  return api;
}

afterEach(async () => {
  await api?.close();
  api = undefined;
});

const routes: FakeApiOptions['routes'] = {
  'GET /v2/issues/:key': ({ params, query }) => ({ json: { key: params['key'], query } }),
  'POST /v2/issues': ({ body }) => ({ status: 201, json: { created: body } }),
  'DELETE /v2/issues/:key': () => undefined,
  'GET /v2/files/*': ({ params }) => ({ text: `file ${params['*']}` }),
  '* /v2/echo': ({ method, text }) => ({ headers: { 'x-method': method }, text }),
  'GET /v2/bytes': () => ({ bytes: new Uint8Array([0, 255]) }),
  'GET /v2/boom': () => {
    throw new Error('kaput');
  },
};

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe('createFakeApi: routing', () => {
  it('listens on 127.0.0.1 and passes decoded params and the query to the handler', async () => {
    const { url } = await start({ routes });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${url}/v2/issues/Q%2F1/?a=1&b=x&b=y`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.json()).toEqual({ key: 'Q/1', query: { a: '1', b: ['x', 'y'] } });
  });

  it('matches the method, "*" methods and a trailing wildcard', async () => {
    const { url } = await start({ routes });
    const created = await fetch(`${url}/v2/issues`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"summary":"s"}',
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ created: { summary: 's' } });
    expect((await fetch(`${url}/v2/issues/Q-1`, { method: 'DELETE' })).status).toBe(204);
    expect(await (await fetch(`${url}/v2/files/a/b%20c.txt`)).text()).toBe('file a/b c.txt');
    const echoed = await fetch(`${url}/v2/echo`, { method: 'PATCH', body: 'raw' });
    expect([echoed.headers.get('x-method'), await echoed.text()]).toEqual(['PATCH', 'raw']);
    const bytes = await fetch(`${url}/v2/bytes`);
    expect(bytes.headers.get('content-type')).toBe('application/octet-stream');
    expect([...new Uint8Array(await bytes.arrayBuffer())]).toEqual([0, 255]);
  });

  it('answers an unknown route with a 404 that lists the known routes', async () => {
    const { url } = await start({ routes: { 'GET /a': () => ({ json: 1 }) } });
    const res = await fetch(`${url}/b`, { method: 'PUT' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'No fake route for PUT /b. Known routes: GET /a.' });
  });

  it('lets a fallback handler answer what no route matched', async () => {
    const { url } = await start({
      routes: { 'GET /a': () => ({ json: 'route' }) },
      handler: ({ method, path }) => ({ status: 418, json: `${method} ${path}` }),
    });
    expect(await (await fetch(`${url}/a`)).json()).toBe('route');
    const res = await fetch(`${url}/other`);
    expect([res.status, await res.json()]).toEqual([418, 'GET /other']);
  });

  it('turns a throwing handler into a 500 that says why', async () => {
    const { url } = await start({ routes });
    const res = await fetch(`${url}/v2/boom`);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: 'Fake API handler for GET /v2/boom failed: kaput' });
  });

  it('rejects malformed route keys', async () => {
    await expect(createFakeApi({ routes: { 'issues/:key': () => undefined } })).rejects.toThrow(
      'Fake API route "issues/:key" must look like "GET /path/:param".',
    );
    await expect(createFakeApi({ routes: { 'GET /*/x': () => undefined } })).rejects.toThrow(
      '"*" is only allowed as the last segment',
    );
  });
});

describe('createFakeApi: recording', () => {
  it('records method, path, query, headers and the parsed body of every request', async () => {
    const fake = await start({ routes });
    await fetch(`${fake.url}/v2/issues?x=1`, {
      method: 'POST',
      headers: { authorization: 'OAuth t', 'content-type': 'application/json' },
      body: JSON.stringify({ a: [1] }),
    });
    await fetch(`${fake.url}/v2/echo`, { method: 'PUT', body: 'plain text' });
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[0]).toMatchObject({
      method: 'POST',
      path: '/v2/issues',
      query: { x: '1' },
      headers: { authorization: 'OAuth t', 'content-type': 'application/json' },
      body: { a: [1] },
      text: '{"a":[1]}',
      fault: undefined,
    });
    expect(fake.requests[1]).toMatchObject({ method: 'PUT', body: 'plain text' });
    expect(fake.requests[1]!.receivedAt).toBeGreaterThanOrEqual(fake.requests[0]!.receivedAt);
  });

  it('reset() forgets requests and pending faults', async () => {
    const fake = await start({ routes, faults: [{ kind: 'status', status: 500, times: 5 }] });
    await fetch(`${fake.url}/v2/issues/A`);
    fake.reset();
    expect(fake.requests).toHaveLength(0);
    expect(fake.faults.pending).toEqual([]);
    expect((await fetch(`${fake.url}/v2/issues/A`)).status).toBe(200);
  });

  it('tracks the most requests in flight at once', async () => {
    const fake = await start({ routes, faults: [{ kind: 'latency', ms: 40, times: Infinity }] });
    await Promise.all([1, 2, 3].map((n) => fetch(`${fake.url}/v2/issues/${n}`).then((r) => r.text())));
    expect(fake.maxInFlight).toBe(3);
    expect(fake.inFlight).toBe(0);
  });
});

describe('createFakeApi: faults', () => {
  it('latency delays the answer, then the route answers', async () => {
    const fake = await start({ routes });
    fake.faults.add({ kind: 'latency', ms: 60 });
    const started = performance.now();
    const res = await fetch(`${fake.url}/v2/issues/A`);
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
    expect((await res.json()) as unknown).toMatchObject({ key: 'A' });
    expect(fake.requests[0]!.fault).toBeUndefined();
  });

  it('status answers with the code, body and headers, only for the matching method and path, `times` times', async () => {
    const fake = await start({ routes });
    fake.faults.add({
      kind: 'status',
      status: 503,
      headers: { 'Retry-After': '2' },
      method: 'get',
      path: '/v2/issues/:key',
      times: 2,
    });
    expect((await fetch(`${fake.url}/v2/issues`, { method: 'POST' })).status).toBe(201);
    expect(fake.faults.pending).toMatchObject([{ kind: 'status', times: 2 }]);
    const first = await fetch(`${fake.url}/v2/issues/A`);
    expect([first.status, first.headers.get('retry-after'), await first.json()]).toEqual([
      503,
      '2',
      { error: 'Injected status 503' },
    ]);
    expect((await fetch(`${fake.url}/v2/issues/B`)).status).toBe(503);
    expect((await fetch(`${fake.url}/v2/issues/C`)).status).toBe(200);
    expect(fake.requests.map((r) => r.fault)).toEqual([undefined, 'status', 'status', undefined]);
    expect(fake.faults.pending).toEqual([]);
  });

  it('status can carry a JSON or text body', async () => {
    const fake = await start({ routes });
    fake.faults.add(
      { kind: 'status', status: 400, json: { errorMessages: ['bad'] } },
      { kind: 'status', status: 502, text: 'Bad Gateway' },
    );
    expect(await (await fetch(`${fake.url}/x`)).json()).toEqual({ errorMessages: ['bad'] });
    const text = await fetch(`${fake.url}/x`);
    expect([text.status, text.headers.get('content-type'), await text.text()]).toEqual([
      502,
      'text/plain; charset=utf-8',
      'Bad Gateway',
    ]);
  });

  it('rateLimit answers 429 with Retry-After, or with a reset header as a timestamp or a delay', async () => {
    const fake = await start({ routes });
    fake.faults.add(
      { kind: 'rateLimit', retryAfterSeconds: 3 },
      { kind: 'rateLimit', reset: { seconds: 10 } },
      { kind: 'rateLimit', reset: { header: 'RateLimit-Reset', seconds: 4, as: 'delta' } },
      { kind: 'rateLimit' },
    );
    const a = await fetch(`${fake.url}/v2/issues/A`);
    expect([a.status, a.headers.get('retry-after'), await a.json()]).toEqual([
      429,
      '3',
      { error: 'Rate limit exceeded' },
    ]);
    const b = await fetch(`${fake.url}/v2/issues/A`);
    const reset = Number(b.headers.get('x-ratelimit-reset'));
    expect(reset - Date.now() / 1000).toBeGreaterThan(8);
    expect(reset - Date.now() / 1000).toBeLessThanOrEqual(11);
    const c = await fetch(`${fake.url}/v2/issues/A`);
    expect(c.headers.get('ratelimit-reset')).toBe('4');
    const d = await fetch(`${fake.url}/v2/issues/A`);
    expect([d.status, d.headers.get('retry-after'), d.headers.get('x-ratelimit-reset')]).toEqual([
      429,
      null,
      null,
    ]);
  });

  it('malformedBody answers 200 application/json with a body that does not parse', async () => {
    const fake = await start({ routes, faults: [{ kind: 'malformedBody' }] });
    const res = await fetch(`${fake.url}/v2/issues/A`);
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/json; charset=utf-8']);
    const body = await res.text();
    expect(body).toBe(TRUNCATED_JSON);
    expect(() => JSON.parse(body)).toThrow(SyntaxError);
  });

  it('reset before-body drops the connection on arrival, recording the request without a body', async () => {
    const fake = await start({ routes, faults: [{ kind: 'reset', when: 'before-body' }] });
    const error = await rejection(fetch(`${fake.url}/v2/issues`, { method: 'POST', body: '{"a":1}' }));
    expect(error.message).toBe('fetch failed');
    expect(fake.requests).toMatchObject([{ method: 'POST', fault: 'reset', body: undefined, text: '' }]);
  });

  it('reset after-body reads the whole request, then drops the connection', async () => {
    const fake = await start({ routes, faults: [{ kind: 'reset' }] });
    const error = await rejection(
      fetch(`${fake.url}/v2/issues`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"a":1}',
      }),
    );
    expect(error.message).toBe('fetch failed');
    expect(fake.requests).toMatchObject([{ method: 'POST', fault: 'reset', body: { a: 1 } }]);
    expect((await fetch(`${fake.url}/v2/issues/A`)).status).toBe(200);
  });

  it('reset mid-response sends the status and part of the body, then drops the connection', async () => {
    const fake = await start({ routes, faults: [{ kind: 'reset', when: 'mid-response' }] });
    const res = await fetch(`${fake.url}/v2/issues/A`);
    expect(res.status).toBe(200);
    expect((await rejection(res.text())).message).toBe('terminated');
  });

  it('hang never answers; closing the fake API drops the connection', async () => {
    const fake = await start({ routes, faults: [{ kind: 'hang' }] });
    const error = await rejection(fetch(`${fake.url}/v2/issues/A`, { signal: AbortSignal.timeout(50) }));
    expect(error.name).toBe('TimeoutError');
    expect(fake.requests).toMatchObject([{ path: '/v2/issues/A', fault: 'hang' }]);

    fake.faults.add({ kind: 'hang' });
    const pending = fetch(`${fake.url}/v2/issues/B`);
    while (fake.requests.length < 2) await new Promise((r) => setTimeout(r, 5));
    await fake.close();
    expect((await rejection(pending)).message).toBe('fetch failed');
  });

  it('applies every matching latency and only the first matching terminal fault', async () => {
    const fake = await start({ routes });
    fake.faults.add(
      { kind: 'latency', ms: 30 },
      { kind: 'latency', ms: 30 },
      { kind: 'status', status: 500 },
      { kind: 'status', status: 502 },
    );
    const started = performance.now();
    expect((await fetch(`${fake.url}/v2/issues/A`)).status).toBe(500);
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
    expect((await fetch(`${fake.url}/v2/issues/A`)).status).toBe(502);
    expect((await fetch(`${fake.url}/v2/issues/A`)).status).toBe(200);
  });

  it('clear() removes pending faults and a bad `times` is refused', async () => {
    const fake = await start({ routes, faults: [{ kind: 'status', status: 500, times: Infinity }] });
    expect((await fetch(`${fake.url}/v2/issues/A`)).status).toBe(500);
    fake.faults.clear();
    expect((await fetch(`${fake.url}/v2/issues/A`)).status).toBe(200);
    expect(() => fake.faults.add({ kind: 'hang', times: 0 })).toThrow('times must be at least 1');
  });
});

describe('createFakeApi: lifecycle', () => {
  it('works with `await using` and refuses connections once disposed', async () => {
    const url = await (async () => {
      await using fake = await createFakeApi({ routes });
      expect((await fetch(`${fake.url}/v2/issues/A`)).status).toBe(200);
      return fake.url;
    })();
    const error = await rejection(fetch(`${url}/v2/issues/A`));
    expect((error.cause as { code?: string }).code).toBe('ECONNREFUSED');
  });
});
