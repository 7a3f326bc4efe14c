import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiCaller, type Caller, type TaskJson } from '../__fixtures__/call-api.ts';
import { createClickUpEmulator, type ClickUpEmulator } from '../create-clickup-emulator.ts';
import { SEED_EPOCH } from '../seed.ts';

let clickup: ClickUpEmulator;
let call: Caller;
beforeAll(async () => {
  clickup = await createClickUpEmulator();
  call = apiCaller(clickup);
});
afterAll(() => clickup.close());

const idOf = (customId: string) => clickup.state.tasks.find((t) => t.customId === customId)!.id;
const task = (id: string) => call<TaskJson>('GET', `/task/${id}`);

describe('checklists', () => {
  it('creates a checklist and items, resolves and deletes them; the task shows them', async () => {
    const id = idOf('DEV-2');
    const created = await call<{ checklist: { id: string } }>('POST', `/task/${id}/checklist`, {
      name: 'Steps',
    });
    const checklist = created.json.checklist.id;
    const withItem = await call<{ checklist: { items: Array<{ id: string; name: string }> } }>(
      'POST',
      `/checklist/${checklist}/checklist_item`,
      { name: 'Write it' },
    );
    const item = withItem.json.checklist.items[0]!.id;
    const resolved = await call<{ checklist: { resolved: number; unresolved: number } }>(
      'PUT',
      `/checklist/${checklist}/checklist_item/${item}`,
      { resolved: true },
    );
    expect(resolved.json.checklist).toMatchObject({ resolved: 1, unresolved: 0 });
    const checklists = (await task(id)).json['checklists'] as Array<{ name: string }>;
    expect(checklists.map((c) => c.name)).toEqual(['Steps']);
    await call('DELETE', `/checklist/${checklist}/checklist_item/${item}`);
    expect((await call('DELETE', `/checklist/${checklist}`)).status).toBe(200);
    expect((await task(id)).json['checklists']).toEqual([]);
  });
});

describe('tags', () => {
  it('manages Space tags and adds/removes them on tasks; an unknown tag is 404', async () => {
    const space = '90151000001';
    await call('POST', `/space/${space}/tag`, { tag: { name: 'Perf', tag_fg: '#fff', tag_bg: '#000' } });
    const tags = await call<{ tags: Array<{ name: string }> }>('GET', `/space/${space}/tag`);
    expect(tags.json.tags.map((t) => t.name)).toContain('perf');
    const id = idOf('DEV-2');
    expect((await call('POST', `/task/${id}/tag/perf`)).status).toBe(200);
    expect((await task(id)).json.tags.map((t) => t.name)).toEqual(['perf']);
    await call('DELETE', `/task/${id}/tag/perf`);
    expect((await task(id)).json.tags).toEqual([]);
    expect((await call('POST', `/task/${id}/tag/nope`)).status).toBe(404);
  });
});

describe('time tracking', () => {
  it('lists own entries of the last 30 days by default, others with assignee=', async () => {
    const path = `/team/${clickup.teamId}/time_entries`;
    const range = `start_date=${SEED_EPOCH - 10 * 86_400_000}&end_date=${SEED_EPOCH}`;
    type Entries = { data: Array<{ user: { id: number }; duration: string; task: { id: string } }> };
    const mine = await call<Entries>('GET', `${path}?${range}`);
    expect(mine.json.data.map((e) => e.user.id)).toEqual([81000001, 81000001]);
    expect(mine.json.data[0]!.duration).toBe(String(1.5 * 3_600_000));
    const everyone = await call<Entries>('GET', `${path}?${range}&assignee=81000001,81000002,81000004`);
    expect(everyone.json.data).toHaveLength(4);
    // Default window: the last 30 days before now — the seed's entries are older than that.
    expect((await call<Entries>('GET', path)).json.data.length).toBeLessThanOrEqual(2);
  });

  it('starts a timer (negative duration), reports it as current, stops it; adds an entry with tid', async () => {
    const base = `/team/${clickup.teamId}/time_entries`;
    const id = idOf('DEV-3');
    const started = await call<{ data: { id: string; duration: string } }>('POST', `${base}/start`, {
      tid: id,
    });
    expect(Number(started.json.data.duration)).toBeLessThan(0);
    const current = await call<{ data: { id: string } | null }>('GET', `${base}/current`);
    expect(current.json.data?.id).toBe(started.json.data.id);
    const stopped = await call<{ data: { duration: string; end: string } }>('POST', `${base}/stop`);
    expect(Number(stopped.json.data.duration)).toBeGreaterThanOrEqual(0);
    expect((await call<{ data: null }>('GET', `${base}/current`)).json.data).toBeNull();
    expect((await call('POST', `${base}/stop`)).status).toBe(404);

    const added = await call<{ data: { id: string; task: { id: string }; duration: string } }>('POST', base, {
      start: SEED_EPOCH,
      duration: 600_000,
      tid: id,
      description: 'Pairing',
    });
    expect(added.json.data).toMatchObject({ task: { id }, duration: '600000' });
    expect((await task(id)).json['time_spent']).toBe(
      3_600_000 + 600_000 + Number(stopped.json.data.duration),
    );
    expect((await call('DELETE', `${base}/${added.json.data.id}`)).status).toBe(200);
  });
});

describe('attachments', () => {
  it('uploads a file as multipart field "attachment" and lists it on the task', async () => {
    const id = idOf('DEV-4');
    const form = new FormData();
    form.set('attachment', new Blob(['hello'], { type: 'text/plain' }), 'notes.txt');
    const response = await fetch(`${clickup.url}/task/${id}/attachment`, {
      method: 'POST',
      headers: { authorization: clickup.token },
      body: form,
    });
    expect(response.status).toBe(200);
    const attachment = (await response.json()) as Record<string, unknown>;
    expect(attachment).toMatchObject({ title: 'notes.txt', extension: 'txt', date: expect.any(Number) });
    expect(attachment['id']).toMatch(/\.txt$/);
    expect(((await task(id)).json['attachments'] as unknown[]).length).toBe(1);
    expect((await call('POST', `/task/${id}/attachment`, { file: 'x' })).status).toBe(400);
  });
});

describe('dependencies and links', () => {
  it('adds a dependency with depends_on or dependency_of, removes it with query params', async () => {
    const [a, b] = [idOf('DEV-2'), idOf('DEV-4')];
    expect((await call('POST', `/task/${a}/dependency`, { depends_on: b, dependency_of: b })).status).toBe(
      400,
    );
    expect((await call('POST', `/task/${a}/dependency`, { depedency_of: b })).status).toBe(400);
    await call('POST', `/task/${a}/dependency`, { depends_on: b });
    await call('POST', `/task/${a}/dependency`, { dependency_of: idOf('DEV-5') });
    const deps = (await task(a)).json['dependencies'] as Array<{ task_id: string; depends_on: string }>;
    expect(deps).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ task_id: a, depends_on: b }),
        expect.objectContaining({ task_id: idOf('DEV-5'), depends_on: a }),
      ]),
    );
    await call('DELETE', `/task/${a}/dependency?depends_on=${b}`);
    await call('DELETE', `/task/${a}/dependency?dependency_of=${idOf('DEV-5')}`);
    expect((await task(a)).json['dependencies']).toEqual([]);
  });

  it('links and unlinks tasks', async () => {
    const [a, b] = [idOf('DEV-4'), idOf('DEV-5')];
    const linked = await call<{ task: TaskJson }>('POST', `/task/${a}/link/${b}`);
    expect(linked.json.task['linked_tasks']).toEqual([expect.objectContaining({ task_id: a, link_id: b })]);
    const unlinked = await call<{ task: TaskJson }>('DELETE', `/task/${a}/link/${b}`);
    expect(unlinked.json.task['linked_tasks']).toEqual([]);
  });
});

describe('views, goals and docs', () => {
  it('lists a list’s views and pages a view’s tasks', async () => {
    const views = await call<{ views: Array<{ id: string; type: string }> }>(
      'GET',
      '/list/901510000005/view',
    );
    expect(views.json.views.map((v) => v.type)).toEqual(['list']);
    const tasks = await call<{ tasks: TaskJson[]; last_page: boolean }>(
      'GET',
      `/view/${views.json.views[0]!.id}/task?page=1`,
    );
    expect(tasks.json).toMatchObject({ last_page: true });
    expect(tasks.json.tasks).toHaveLength(20);
  });

  it('creates and lists goals', async () => {
    const created = await call<{ goal: { id: string; name: string } }>(
      'POST',
      `/team/${clickup.teamId}/goal`,
      {
        name: 'Halve bugs',
        due_date: SEED_EPOCH,
        owners: [81000002],
      },
    );
    expect(created.json.goal.name).toBe('Halve bugs');
    const goals = await call<{ goals: Array<{ name: string }> }>('GET', `/team/${clickup.teamId}/goal`);
    expect(goals.json.goals.map((g) => g.name)).toEqual(['Ship 1.0', 'Halve bugs']);
  });

  it('serves v3 docs and their pages', async () => {
    const base = `/api/v3/workspaces/${clickup.teamId}/docs`;
    const docs = await call<{ docs: Array<{ id: string; name: string }> }>('GET', base);
    expect(docs.json.docs.map((d) => d.name)).toEqual(['Engineering handbook']);
    const pages = await call<Array<{ id: string; name: string; content: string }>>(
      'GET',
      `${base}/${docs.json.docs[0]!.id}/pages`,
    );
    expect(pages.json.map((p) => p.name)).toEqual(['Getting started', 'Code review']);
    const doc = await call<{ id: string }>('POST', base, {
      name: 'Runbook',
      parent: { id: clickup.teamId, type: 12 },
    });
    const page = await call<{ id: string }>('POST', `${base}/${doc.json.id}/pages`, {
      name: 'On call',
      content: 'A',
    });
    await call('PUT', `${base}/${doc.json.id}/pages/${page.json.id}`, {
      content: 'B',
      content_edit_mode: 'append',
    });
    const read = await call<{ content: string }>('GET', `${base}/${doc.json.id}/pages/${page.json.id}`);
    expect(read.json.content).toBe('AB');
    expect((await call('GET', `/api/v3/workspaces/1/docs`)).status).toBe(401);
  });
});
