/**
 * Guests on the emulator as the API answers them: invited (a user of role 4), read, edited, shared
 * tasks/lists/folders with a permission level, removed; the plan error below Enterprise on every
 * guest route.
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

const TEAM = '9015123456';
const ERIN = 81000005;

describe('guests', () => {
  it('invites, reads, edits, shares with and removes a guest', async () => {
    const invited = await call<{
      team: { members: { user: { id: number; email: string; role: number } }[] };
    }>('POST', `/team/${TEAM}/guest`, { email: 'pat@partner.example', can_edit_tags: true });
    const pat = invited.json.team.members.find((m) => m.user.email === 'pat@partner.example')!.user;
    expect(pat.role).toBe(4);
    expect((await call('POST', `/team/${TEAM}/guest`, { email: 'pat@partner.example' })).status).toBe(400);
    const read = await call<{ guest: { can_edit_tags: boolean; user: { id: number } } }>(
      'GET',
      `/team/${TEAM}/guest/${pat.id}`,
    );
    expect(read.json.guest).toMatchObject({ can_edit_tags: true, user: { id: pat.id } });
    const edited = await call<{ guest: { can_create_views: boolean } }>(
      'PUT',
      `/team/${TEAM}/guest/${pat.id}`,
      {
        can_create_views: true,
      },
    );
    expect(edited.json.guest.can_create_views).toBe(true);
    const shared = await call<{ guest: { shared: { lists: unknown[] } } }>(
      'POST',
      `/list/901510000003/guest/${pat.id}`,
      { permission_level: 'edit' },
    );
    expect(shared.json.guest.shared.lists).toEqual([{ id: '901510000003', permission: 'edit' }]);
    expect(
      (await call('POST', `/folder/90152000001/guest/${pat.id}`, { permission_level: 'owner' })).status,
    ).toBe(400);
    expect((await call('GET', `/team/${TEAM}/guest/81000002`)).status).toBe(400);
    expect((await call('DELETE', `/team/${TEAM}/guest/${pat.id}`)).status).toBe(200);
    expect((await call('GET', `/team/${TEAM}/guest/${pat.id}`)).status).toBe(404);
  });

  it('answers the plan error below Enterprise for every guest route', async () => {
    clickup.state.plan = 'business_plus';
    for (const [method, path] of [
      ['GET', `/team/${TEAM}/guest/${ERIN}`],
      ['POST', `/team/${TEAM}/guest`],
      ['POST', `/list/901510000003/guest/${ERIN}`],
    ] as const) {
      const answer = await call(
        method,
        path,
        method === 'POST' ? { email: 'x@y.z', permission_level: 'read' } : undefined,
      );
      expect(answer).toMatchObject({ status: 403, json: { ECODE: 'PLAN_001' } });
      expect((answer.json as { err: string }).err).toBe(
        'Guests requires the Enterprise Plan or above; this Workspace is on the Business Plus Plan',
      );
    }
    expect(clickup.state.users.some((u) => u.email === 'x@y.z')).toBe(false);
  });
});
