import { expect, it } from '@jest/globals';
import { createFakeApi } from './index.ts';

it('serves a fake API with fault injection from the package entry', async () => {
  await using api = await createFakeApi({ routes: { 'GET /ping': () => ({ json: 'pong' }) } });
  api.faults.add({ kind: 'status', status: 503 });
  expect((await fetch(`${api.url}/ping`)).status).toBe(503);
  expect(await (await fetch(`${api.url}/ping`)).json()).toBe('pong');
  expect(api.requests.map((r) => r.fault)).toEqual(['status', undefined]);
});
