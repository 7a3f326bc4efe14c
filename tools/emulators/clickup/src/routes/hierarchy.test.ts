import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiCaller, type Caller } from '../__fixtures__/call-api.ts';
import { createClickUpEmulator, type ClickUpEmulator } from '../create-clickup-emulator.ts';

let clickup: ClickUpEmulator;
let call: Caller;
beforeAll(async () => {
  clickup = await createClickUpEmulator();
  call = apiCaller(clickup);
});
afterAll(() => clickup.close());

interface Named {
  id: string;
  name: string;
}

describe('workspace and hierarchy', () => {
  it('GET /team lists the workspace with its members', async () => {
    const { json } = await call<{
      teams: Array<{ id: string; members: Array<{ user: Record<string, unknown> }> }>;
    }>('GET', '/team');
    expect(json.teams).toHaveLength(1);
    expect(json.teams[0]!.id).toBe(clickup.teamId);
    expect(json.teams[0]!.members.map((m) => m.user['email'])).toEqual([
      'alice@example.com',
      'bob@example.com',
      'carol@example.com',
      'dave@example.com',
      'erin@partner.example',
    ]);
    expect(json.teams[0]!.members[0]!.user).toMatchObject({
      id: 81000001,
      username: 'Alice Martin',
      role: 1,
    });
  });

  it('walks Spaces → folders → lists, folderless lists included, with each list’s statuses', async () => {
    const spaces = await call<{ spaces: Array<Named & { statuses: unknown[] }> }>(
      'GET',
      `/team/${clickup.teamId}/space`,
    );
    expect(spaces.json.spaces.map((s) => s.name)).toEqual(['Development', 'Marketing', 'Operations']);
    const dev = spaces.json.spaces[0]!.id;
    const folders = await call<{ folders: Array<Named & { lists: Named[] }> }>('GET', `/space/${dev}/folder`);
    expect(folders.json.folders.map((f) => [f.name, f.lists.map((l) => l.name)])).toEqual([
      ['Sprint work', ['Sprint 1', 'Bugs']],
    ]);
    const folderless = await call<{ lists: Array<Named & { folder: { hidden: boolean } }> }>(
      'GET',
      `/space/${dev}/list`,
    );
    expect(folderless.json.lists.map((l) => l.name)).toEqual(['Roadmap']);
    expect(folderless.json.lists[0]!.folder.hidden).toBe(true);
    const list = await call<{ statuses: Array<{ status: string; type: string }> }>(
      'GET',
      '/list/901510000001',
    );
    expect(list.json.statuses.map((s) => `${s.status}:${s.type}`)).toEqual([
      'to do:open',
      'in progress:custom',
      'in review:custom',
      'done:done',
      'closed:closed',
    ]);
    expect(await call('GET', '/list/404')).toMatchObject({ status: 404, json: { ECODE: 'ITEM_015' } });
  });

  it('creates, renames and deletes a Space, a folder and lists', async () => {
    const space = await call<Named>('POST', `/team/${clickup.teamId}/space`, {
      name: 'Temp',
      multiple_assignees: true,
    });
    expect(space.status).toBe(200);
    const folder = await call<Named>('POST', `/space/${space.json.id}/folder`, { name: 'F' });
    const inFolder = await call<Named>('POST', `/folder/${folder.json.id}/list`, { name: 'L1' });
    const loose = await call<Named & { statuses: unknown[] }>('POST', `/space/${space.json.id}/list`, {
      name: 'L2',
    });
    expect(loose.json.statuses).toHaveLength(2);
    expect(new Set([space.json.id, folder.json.id, inFolder.json.id, loose.json.id]).size).toBe(4);
    expect((await call<Named>('PUT', `/list/${inFolder.json.id}`, { name: 'L1b' })).json.name).toBe('L1b');
    expect((await call<Named>('PUT', `/folder/${folder.json.id}`, { name: 'F2' })).json.name).toBe('F2');
    expect((await call<Named>('PUT', `/space/${space.json.id}`, { name: 'Temp2' })).json.name).toBe('Temp2');
    expect((await call('POST', `/space/${space.json.id}/folder`, {})).status).toBe(400);
    expect((await call('DELETE', `/folder/${folder.json.id}`)).status).toBe(200);
    expect((await call('GET', `/list/${inFolder.json.id}`)).status).toBe(404);
    expect((await call('DELETE', `/space/${space.json.id}`)).status).toBe(200);
    expect((await call('GET', `/list/${loose.json.id}`)).status).toBe(404);
  });

  it('lists the members of a list and of a task', async () => {
    const list = await call<{ members: Array<{ id: number }> }>('GET', '/list/901510000004/member');
    expect(list.json.members.map((m) => m.id)).not.toContain(81000005);
    const newsletter = clickup.state.tasks.find((t) => t.name === 'Newsletter #12')!;
    const task = await call<{ members: Array<{ id: number }> }>('GET', `/task/${newsletter.id}/member`);
    expect(task.json.members.map((m) => m.id)).toContain(81000005);
  });
});
