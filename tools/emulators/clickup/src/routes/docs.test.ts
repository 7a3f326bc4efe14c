/**
 * Doc writes (v3): a doc created in a space, folder, list or the workspace (with its first page
 * unless `create_page: false`), pages and sub-pages added, a page's content replaced, appended to or
 * prepended to; a missing or unknown parent, an unknown parent page and a bad mode or format refused
 * with nothing written; reset() brings the seed back.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { apiCaller, type Caller } from '../__fixtures__/call-api.ts';
import { createClickUpEmulator, type ClickUpEmulator } from '../create-clickup-emulator.ts';

let clickup: ClickUpEmulator;
let call: Caller;
let base: string;
beforeAll(async () => {
  clickup = await createClickUpEmulator();
  call = apiCaller(clickup);
  base = `/api/v3/workspaces/${clickup.teamId}/docs`;
});
beforeEach(() => clickup.reset());
afterAll(() => clickup.close());

interface PageJson {
  id: string;
  name: string;
  content: string;
  parent_page_id?: string;
  pages: PageJson[];
}
const SPACE = () => clickup.state.spaces[0]!.id;

describe('create doc', () => {
  it('creates a doc in a space with its first page, named as the doc', async () => {
    const created = await call<{ id: string; parent: unknown; public: boolean }>('POST', base, {
      name: 'Runbook',
      parent: { id: SPACE(), type: 4 },
      visibility: 'PRIVATE',
    });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ name: 'Runbook', parent: { id: SPACE(), type: 4 }, public: false });
    const pages = await call<PageJson[]>('GET', `${base}/${created.json.id}/pages`);
    expect(pages.json.map((p) => [p.name, p.content])).toEqual([['Runbook', '']]);
  });

  it('creates no page with create_page: false', async () => {
    const created = await call<{ id: string }>('POST', base, {
      name: 'Empty',
      parent: { id: clickup.teamId, type: 12 },
      create_page: false,
    });
    expect((await call<PageJson[]>('GET', `${base}/${created.json.id}/pages`)).json).toEqual([]);
  });

  it.each([
    ['no parent', { name: 'X' }, 400, 'parent is required: {id, type}'],
    [
      'a parent type not 4, 5, 6, 7 or 12',
      { name: 'X', parent: { id: '1', type: 3 } },
      400,
      'parent must be',
    ],
    ['a space id that names none', { name: 'X', parent: { id: '999', type: 4 } }, 404, 'Parent not found'],
    ['a list id given as a folder', { name: 'X', parent: { id: '901510000005', type: 5 } }, 404, 'Parent'],
    [
      'an unknown visibility',
      { name: 'X', parent: { id: '9015123456', type: 12 }, visibility: 'SECRET' },
      400,
      'visibility must be',
    ],
  ])('refuses %s, writing nothing', async (_what, body, status, err) => {
    const answer = await call<{ err: string }>('POST', base, body);
    expect(answer.status).toBe(status);
    expect(answer.json.err).toContain(err);
    expect(clickup.state.docs).toHaveLength(1);
  });
});

describe('pages', () => {
  const HANDBOOK = '8cnw8r7-15';
  const GETTING_STARTED = '8cnw8r7-35';

  it('adds a sub-page, nested under its parent in the pages and named by parent_page_id', async () => {
    const page = await call<PageJson>('POST', `${base}/${HANDBOOK}/pages`, {
      name: 'Tooling',
      content: '## Node',
      content_format: 'text/md',
      parent_page_id: GETTING_STARTED,
    });
    expect(page.json).toMatchObject({ name: 'Tooling', content: '## Node', parent_page_id: GETTING_STARTED });
    const pages = (await call<PageJson[]>('GET', `${base}/${HANDBOOK}/pages`)).json;
    expect(pages.map((p) => p.name)).toEqual(['Getting started', 'Code review']);
    expect(pages[0]!.pages.map((p) => p.name)).toEqual(['Tooling']);
  });

  it('refuses an unknown parent page and a bad content_format, writing nothing', async () => {
    const noParent = await call<{ err: string }>('POST', `${base}/${HANDBOOK}/pages`, {
      name: 'X',
      parent_page_id: 'nope',
    });
    expect([noParent.status, noParent.json.err]).toEqual([404, 'Page not found']);
    const badFormat = await call<{ err: string }>('POST', `${base}/${HANDBOOK}/pages`, {
      name: 'X',
      content_format: 'text/html',
    });
    expect(badFormat.status).toBe(400);
    expect(clickup.state.docs[0]!.pages).toHaveLength(2);
  });

  it('replaces, appends to and prepends to a page', async () => {
    const page = `${base}/${HANDBOOK}/pages/${GETTING_STARTED}`;
    const content = async () => (await call<PageJson>('GET', page)).json.content;
    expect((await call('PUT', page, { content: 'B', content_edit_mode: 'replace' })).json).toEqual({});
    expect(await content()).toBe('B');
    await call('PUT', page, { content: '\nC', content_edit_mode: 'append' });
    await call('PUT', page, { content: 'A\n', content_edit_mode: 'prepend' });
    expect(await content()).toBe('A\nB\nC');
    await call('PUT', page, { name: 'Start here' });
    expect((await call<PageJson>('GET', page)).json).toMatchObject({
      name: 'Start here',
      content: 'A\nB\nC',
    });
  });

  it('refuses an unknown mode and an unknown page, changing nothing', async () => {
    const page = `${base}/${HANDBOOK}/pages/${GETTING_STARTED}`;
    const bad = await call<{ err: string }>('PUT', page, { content: 'X', content_edit_mode: 'overwrite' });
    expect([bad.status, bad.json.err]).toEqual([400, 'content_edit_mode must be replace, append or prepend']);
    expect((await call('PUT', `${base}/${HANDBOOK}/pages/nope`, { content: 'X' })).status).toBe(404);
    expect((await call<PageJson>('GET', page)).json.content).toContain('Clone the repository');
  });

  it('reset() restores the seed pages', async () => {
    await call('POST', `${base}/${HANDBOOK}/pages`, { name: 'Extra' });
    clickup.reset();
    expect(clickup.state.docs[0]!.pages.map((p) => p.name)).toEqual(['Getting started', 'Code review']);
  });
});
