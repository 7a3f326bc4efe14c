/**
 * Guests through the MCP SDK's client, against the emulator (Enterprise by default): a guest read by
 * e-mail; one invited with a permission, given another, and removed; a list and a task (by custom id)
 * shared and unshared; no place or two refused before anything is sent; a Workspace on Business
 * answered with the Enterprise plan guests need, and nothing changed.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { describeAreaDefinitions } from '../../__fixtures__/area-definitions.ts';
import { startInProcess, type ClickUpHarness } from '../../e2e/__fixtures__/clickup-harness.ts';
import { guestTools } from './index.ts';

describeAreaDefinitions('guests', guestTools);

const ERIN = 81000005;
const ROADMAP = '901510000003';

let clickup: ClickUpHarness;
beforeAll(async () => {
  clickup = await startInProcess({ args: ['--toolsets', 'guests'] });
});
beforeEach(() => clickup.emulator.reset());
afterAll(() => clickup.close());

const user = (email: string) => clickup.emulator.state.users.find((u) => u.email === email);
const writesSince = (mark: number) => clickup.emulator.writes(mark);

describe('guests', () => {
  it('reads a guest named by e-mail', async () => {
    const guest = await clickup.call('clickup_get_guest', { guest_id: 'erin@partner.example' });
    expect(guest.isError).toBe(false);
    expect(guest.text).toContain(`guest_id "erin@partner.example" → ${ERIN}`);
    expect(guest.json).toEqual({
      id: ERIN,
      name: 'Erin Guest',
      email: 'erin@partner.example',
      can: [],
      shared: { tasks: [], lists: [], folders: [] },
    });
  });

  it('invites a guest with a permission, changes it, and removes the guest', async () => {
    const invited = await clickup.call('clickup_invite_guest', {
      email: 'pat@partner.example',
      can_edit_tags: true,
    });
    expect(invited.isError).toBe(false);
    const { id } = invited.json as { id: number };
    expect(invited.json).toEqual({ invited: 'pat@partner.example', id });
    expect(user('pat@partner.example')).toMatchObject({ id, role: 4 });
    const edited = await clickup.call('clickup_edit_guest', {
      guest_id: 'pat@partner.example',
      can_see_time_spent: true,
    });
    expect(edited.json).toMatchObject({ id, can: ['can_edit_tags', 'can_see_time_spent'] });
    const removed = await clickup.call('clickup_remove_guest', { guest_id: id });
    expect(removed.json).toEqual({ removed: id });
    expect(user('pat@partner.example')).toBeUndefined();
  });

  it('shares a list and a task named by its custom id, then unshares the task', async () => {
    const dev1 = clickup.emulator.state.tasks.find((t) => t.customId === 'DEV-1')!;
    await clickup.call('clickup_share_with_guest', { guest_id: ERIN, list_id: ROADMAP, permission: 'read' });
    const shared = await clickup.call('clickup_share_with_guest', {
      guest_id: ERIN,
      task_id: 'DEV-1',
      permission: 'comment',
    });
    expect(shared.isError).toBe(false);
    expect(shared.json).toMatchObject({
      shared: {
        lists: [{ id: ROADMAP, permission: 'read' }],
        tasks: [{ id: dev1.id, permission: 'comment' }],
      },
    });
    expect(writesSince(0).at(-1)).toMatchObject({
      path: `/api/v2/task/DEV-1/guest/${ERIN}`,
      query: { custom_task_ids: 'true', team_id: '9015123456' },
      body: { permission_level: 'comment' },
    });
    const unshared = await clickup.call('clickup_unshare_with_guest', { guest_id: ERIN, task_id: 'DEV-1' });
    expect(unshared.json).toMatchObject({ shared: { tasks: [], lists: [{ id: ROADMAP }] } });
  });

  it('refuses a share of nothing, of two places, and an edit of nothing, sending nothing', async () => {
    const mark = clickup.emulator.requests.length;
    const none = await clickup.call('clickup_share_with_guest', { guest_id: ERIN, permission: 'read' });
    expect(none.text).toContain('give exactly one of task_id, list_id or folder_id. Nothing was sent.');
    const two = await clickup.call('clickup_unshare_with_guest', {
      guest_id: ERIN,
      list_id: ROADMAP,
      folder_id: '90152000001',
    });
    expect(two.text).toContain('(got list_id and folder_id)');
    const nothing = await clickup.call('clickup_edit_guest', { guest_id: ERIN });
    expect(nothing.text).toContain('nothing to change: give can_edit_tags');
    expect(writesSince(mark)).toEqual([]);
  });

  it('says guests need the Enterprise plan on a Business workspace, and changes nothing', async () => {
    clickup.emulator.state.plan = 'business';
    const invited = await clickup.call('clickup_invite_guest', { email: 'pat@partner.example' });
    expect(invited.isError).toBe(true);
    expect(invited.text).toContain(
      "Guests needs ClickUp's Enterprise plan or above, and workspace 9015123456 is on the Business plan: ClickUp refused, nothing was changed.",
    );
    expect(user('pat@partner.example')).toBeUndefined();
    const read = await clickup.call('clickup_get_guest', { guest_id: ERIN });
    expect(read.text).toContain("Guests needs ClickUp's Enterprise plan");
  });
});
