/**
 * View writes on the emulator as the API answers them: a create at each level (the workspace, a
 * Space, a folder, a list) answering `{view}` with its parent; an update that replaces the view and
 * needs name, type and parent; the parts sent (grouping, filters, …) kept and rendered back; bad
 * names, types, parents and unknown views answered 400/404.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { apiCaller, type Caller } from '../__fixtures__/call-api.ts';
import { createClickUpEmulator, type ClickUpEmulator } from '../create-clickup-emulator.ts';

let clickup: ClickUpEmulator;
let call: Caller;
beforeAll(async () => {
  clickup = await createClickUpEmulator();
  call = apiCaller(clickup);
});
beforeEach(() => clickup.reset());
afterAll(() => clickup.close());

type ViewAnswer = {
  view: { id: string; name: string; type: string; parent: { id: string; type: number }; grouping: unknown };
};

describe('view writes', () => {
  it('creates a view at each level, with its parent and the parts it was sent', async () => {
    const places = [
      ['/team/9015123456/view', { id: '9015123456', type: 7 }],
      ['/space/90151000001/view', { id: '90151000001', type: 4 }],
      ['/folder/90152000001/view', { id: '90152000001', type: 5 }],
      ['/list/901510000001/view', { id: '901510000001', type: 6 }],
    ] as const;
    for (const [path, parent] of places) {
      const grouping = { field: 'priority', dir: -1, collapsed: [], ignore: false };
      const created = await call<ViewAnswer>('POST', path, { name: 'Mine', type: 'board', grouping });
      expect(created.status).toBe(200);
      expect(created.json.view).toMatchObject({ name: 'Mine', type: 'board', parent, grouping });
      const listed = await call<{ views: { id: string }[] }>('GET', path);
      expect(listed.json.views.map((v) => v.id)).toContain(created.json.view.id);
    }
  });

  it('answers 400 for a missing name, an unknown type or a part that is not an object', async () => {
    const bad = [
      [{ type: 'list' }, 'View name invalid'],
      [{ name: 'X', type: 'mindmap' }, 'View type must be one of list, board, calendar, gantt'],
      [{ name: 'X', type: 'list', filters: [] }, 'filters must be an object'],
    ] as const;
    for (const [body, err] of bad) {
      const answer = await call('POST', '/list/901510000001/view', body);
      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({ err });
    }
  });

  it('replaces a view on PUT: name, type and parent required; its parts kept', async () => {
    const id = '6-901510000001-2';
    const { json } = await call<ViewAnswer>('GET', `/view/${id}`);
    const noParent = await call('PUT', `/view/${id}`, { name: 'X', type: 'board' });
    expect(noParent.status).toBe(400);
    expect(noParent.json).toMatchObject({ err: 'View parent required: {id, type}' });
    const filters = { op: 'AND', fields: [], search: '', show_closed: true };
    const updated = await call<ViewAnswer & { view: { filters: unknown } }>('PUT', `/view/${id}`, {
      ...json.view,
      name: 'Sprint board',
      filters,
    });
    expect(updated.status).toBe(200);
    expect(updated.json.view).toMatchObject({
      name: 'Sprint board',
      parent: { id: '901510000001', type: 6 },
      filters,
      grouping: json.view.grouping,
    });
    const wrongParent = await call('PUT', `/view/${id}`, { ...json.view, parent: { id: '1', type: 9 } });
    expect(wrongParent.status).toBe(400);
    expect((await call('PUT', '/view/nope', json.view)).status).toBe(404);
  });

  it('deletes a view; a second delete is 404; reset() brings it back', async () => {
    const id = '6-901510000001-2';
    expect((await call('DELETE', `/view/${id}`)).status).toBe(200);
    expect((await call('DELETE', `/view/${id}`)).status).toBe(404);
    clickup.reset();
    expect((await call('GET', `/view/${id}`)).status).toBe(200);
  });
});
