/**
 * The token owner's time zone (`GET /user`) and a token that sees several workspaces
 * (`createClickUpEmulator({ workspaces: 2 })`): what a server started without CLICKUP_TEAM_ID meets.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiCaller, type Caller } from '../__fixtures__/call-api.ts';
import { createClickUpEmulator, type ClickUpEmulator } from '../create-clickup-emulator.ts';
import { SEED_OTHER_TEAMS, SEED_TEAM_ID, SEED_TIMEZONE } from '../seed.ts';

let clickup: ClickUpEmulator;
let call: Caller;
beforeAll(async () => {
  clickup = await createClickUpEmulator({ workspaces: 3 });
  call = apiCaller(clickup);
});
afterAll(() => clickup.close());

const [client, personal] = SEED_OTHER_TEAMS;

interface TeamsJson {
  teams: Array<{ id: string; name: string; members: Array<{ user: Record<string, unknown> }> }>;
}

describe('the user’s time zone', () => {
  it('GET /user carries an IANA zone that is never at UTC offset 0 (America/New_York by default)', async () => {
    const { json } = await call<{ user: Record<string, unknown> }>('GET', '/user');
    expect(json.user).toMatchObject({ id: 81000001, timezone: SEED_TIMEZONE, week_start_day: 1 });
    expect(SEED_TIMEZONE).toBe('America/New_York');
    const offset = (iso: string) =>
      new Intl.DateTimeFormat('en', { timeZone: SEED_TIMEZONE, timeZoneName: 'longOffset' })
        .formatToParts(new Date(iso))
        .find((p) => p.type === 'timeZoneName')!.value;
    expect([offset('2026-01-05T09:00:00Z'), offset('2026-07-05T09:00:00Z')]).toEqual([
      'GMT-05:00',
      'GMT-04:00',
    ]);
    // The members of GET /team carry no time zone (nor does the real API's member object).
    const teams = await call<TeamsJson>('GET', '/team');
    expect(teams.json.teams[0]!.members[0]!.user).not.toHaveProperty('timezone');
  });

  it('takes another zone as an option', async () => {
    await using kolkata = await createClickUpEmulator({ timezone: 'Asia/Kolkata' });
    const { json } = await apiCaller(kolkata)<{ user: { timezone: string } }>('GET', '/user');
    expect(json.user.timezone).toBe('Asia/Kolkata');
  });
});

describe('several workspaces', () => {
  it('GET /team lists the seed workspace first, then the extra ones with their own members', async () => {
    const { json } = await call<TeamsJson>('GET', '/team');
    expect(json.teams.map((t) => [t.id, t.name])).toEqual([
      [SEED_TEAM_ID, 'Emulator Workspace'],
      [client.id, client.name],
      [personal.id, personal.name],
    ]);
    expect(json.teams[1]!.members.map((m) => m.user['id'])).toEqual([81000001, 81000101]);
    expect(clickup.teamId).toBe(SEED_TEAM_ID);
  });

  it('an extra workspace answers its team-scoped reads with empty lists', async () => {
    const team = client.id;
    expect((await call('GET', `/team/${team}/space`)).json).toEqual({ spaces: [] });
    expect((await call('GET', `/team/${team}/task`)).json).toEqual({ tasks: [], last_page: true });
    expect((await call('GET', `/team/${team}/goal`)).json).toEqual({ goals: [], folders: [] });
    expect((await call('GET', `/team/${team}/webhook`)).json).toEqual({ webhooks: [] });
    expect((await call('GET', `/team/${team}/time_entries`)).json).toEqual({ data: [] });
    expect((await call('GET', `/team/${team}/time_entries/current`)).json).toEqual({ data: null });
    expect((await call('GET', `/team/${team}/field`)).json).toEqual({ fields: [] });
    expect((await call('GET', `/team/${team}/view`)).json).toMatchObject({ views: [] });
    expect((await call('GET', `/api/v3/workspaces/${team}/docs`)).json).toEqual({
      docs: [],
      next_cursor: null,
    });
    expect((await call('GET', `/team/${team}/seat`)).json).toMatchObject({
      members: { filled_members_seats: 2 },
    });
    // The seed workspace is unchanged.
    const spaces = await call<{ spaces: unknown[] }>('GET', `/team/${SEED_TEAM_ID}/space`);
    expect(spaces.json.spaces).toHaveLength(3);
  });

  it('refuses writes to an extra workspace (an emulator limit, EMU_001); an unknown one is still 401', async () => {
    const created = await call('POST', `/team/${client.id}/space`, { name: 'Nope' });
    expect(created).toMatchObject({ status: 400, json: { ECODE: 'EMU_001' } });
    expect(await call('GET', '/team/9015999999/space')).toMatchObject({
      status: 401,
      json: { err: 'Team not authorized', ECODE: 'OAUTH_027' },
    });
    // A custom id looked up in another workspace is not found there: 401, as for any unknown task.
    expect((await call('GET', `/task/DEV-1?custom_task_ids=true&team_id=${client.id}`)).status).toBe(401);
  });

  it('has one workspace by default, and refuses a count it cannot seed', async () => {
    await using single = await createClickUpEmulator();
    const { json } = await apiCaller(single)<TeamsJson>('GET', '/team');
    expect(json.teams).toHaveLength(1);
    await expect(createClickUpEmulator({ workspaces: 9 })).rejects.toThrow(/workspaces must be 1 to 4/);
  });
});
