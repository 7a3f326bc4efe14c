/**
 * User groups through the MCP SDK's client, against the emulator: listed; created of members named
 * by e-mail and "me"; one named by its name or @handle renamed, given and relieved of members, and
 * deleted; nothing to change, a member both added and removed and a group the workspace lacks
 * refused before anything is sent; a Workspace below the Business plan answered with the plan it
 * needs, and the same call working once it is on Business.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { describeAreaDefinitions } from '../../__fixtures__/area-definitions.ts';
import { startInProcess, type ClickUpHarness } from '../../e2e/__fixtures__/clickup-harness.ts';
import { userGroupTools } from './index.ts';

describeAreaDefinitions('user_groups', userGroupTools);

const BACKEND = 'A1B2C3D4-0000-4000-8000-000000000001';
const [ALICE, BOB, CAROL] = [81000001, 81000002, 81000003];

let clickup: ClickUpHarness;
beforeAll(async () => {
  clickup = await startInProcess({ args: ['--toolsets', 'user_groups'] });
});
beforeEach(() => clickup.emulator.reset());
afterAll(() => clickup.close());

const groups = () => clickup.emulator.state.userGroups ?? [];
const writesSince = (mark: number) => clickup.emulator.writes(mark);

describe('user groups', () => {
  it('lists the groups with their members', async () => {
    expect((await clickup.call('clickup_get_user_groups')).json).toEqual({
      items: [{ id: BACKEND, name: 'Backend', handle: 'backend', members: ['Alice Martin', 'Bob Chen'] }],
    });
  });

  it('creates a group of members named by e-mail and "me"', async () => {
    const created = await clickup.call('clickup_create_user_group', {
      name: 'Design',
      members: ['carol@example.com', 'me'],
    });
    expect(created.isError).toBe(false);
    expect(created.json).toMatchObject({ name: 'Design', handle: 'design' });
    expect(groups().find((g) => g.name === 'Design')!.members).toEqual([CAROL, ALICE]);
  });

  it('renames a group named by its name and changes its members; deletes one named by its @handle', async () => {
    const updated = await clickup.call('clickup_update_user_group', {
      group_id: 'backend',
      name: 'Platform',
      add: ['carol@example.com'],
      rem: [BOB],
    });
    expect(updated.isError).toBe(false);
    expect(updated.text).toContain(`group_id "backend" → ${BACKEND}`);
    expect(updated.json).toMatchObject({
      id: BACKEND,
      name: 'Platform',
      members: ['Alice Martin', 'Carol Diaz'],
    });
    const deleted = await clickup.call('clickup_delete_user_group', { group_id: '@backend' });
    expect(deleted.json).toEqual({ deleted: BACKEND });
    expect(groups()).toEqual([]);
  });

  it('refuses nothing to change, a member both added and removed, and an unknown group, sending nothing', async () => {
    const mark = clickup.emulator.requests.length;
    const nothing = await clickup.call('clickup_update_user_group', { group_id: BACKEND });
    expect(nothing.text).toContain('nothing to change: give a name, add or rem.');
    const both = await clickup.call('clickup_update_user_group', {
      group_id: BACKEND,
      add: [BOB],
      rem: [BOB],
    });
    expect(both.text).toContain(`member ${BOB} is both added and removed`);
    const unknown = await clickup.call('clickup_delete_user_group', { group_id: 'Frontend' });
    expect(unknown.text).toContain(
      `"Frontend" is not a user group of the workspace. Its groups: ${BACKEND} (Backend).`,
    );
    expect(writesSince(mark)).toEqual([]);
  });

  it('says the plan lacks user groups below Business, and works on Business', async () => {
    clickup.emulator.state.plan = 'unlimited';
    const mark = clickup.emulator.requests.length;
    const listed = await clickup.call('clickup_get_user_groups');
    expect(listed.isError).toBe(true);
    expect(listed.text).toContain(
      "User groups needs ClickUp's Business plan or above, and workspace 9015123456 is on the Unlimited plan: ClickUp refused, nothing was changed.",
    );
    const created = await clickup.call('clickup_create_user_group', { name: 'Design', members: [CAROL] });
    expect(created.text).toContain("User groups needs ClickUp's Business plan");
    expect(writesSince(mark).map((w) => w.status)).toEqual([403]);
    clickup.emulator.state.plan = 'business';
    expect(
      (await clickup.call('clickup_create_user_group', { name: 'Design', members: [CAROL] })).isError,
    ).toBe(false);
  });
});
