/**
 * User groups ("Teams" in ClickUp's app; `group` in API v2) and what the emulator keeps about
 * guests (users of role 4 in `state.users`): their permissions and the tasks, lists and folders
 * shared with them. Absent from the state, the defaults below are used (and copied in on the first
 * change), so `reset()` restores them without a line in the seed.
 */
import type { ClickUpState } from './clickup-state.ts';
import type { GroupRecord, GuestRecord } from './group-records.ts';
import { SEED_EPOCH, SEED_USERS } from './seed.ts';

export type { GroupRecord, GuestPermission, GuestRecord, SharedItem } from './group-records.ts';

const SEED_GROUPS: readonly GroupRecord[] = [
  {
    id: 'A1B2C3D4-0000-4000-8000-000000000001',
    name: 'Backend',
    handle: 'backend',
    members: [SEED_USERS.alice, SEED_USERS.bob],
    creator: SEED_USERS.alice,
    dateCreated: SEED_EPOCH - 60 * 86_400_000,
  },
];

export const newGuest = (userId: number, invitedBy: number, date: number): GuestRecord => ({
  userId,
  canEditTags: false,
  canSeeTimeSpent: false,
  canSeeTimeEstimated: false,
  canCreateViews: false,
  canSeePointsEstimated: false,
  customRoleId: null,
  invitedBy,
  dateInvited: date,
  shared: { tasks: [], lists: [], folders: [] },
});

/** The Workspace's user groups (the defaults until the first change). */
export function groupsOf(state: ClickUpState): GroupRecord[] {
  return (state.userGroups ??= SEED_GROUPS.map((g) => ({ ...g, members: [...g.members] })));
}

/** What is kept about each guest of `state.users` (role 4): a guest without a record gets the defaults. */
export function guestOf(state: ClickUpState, userId: number): GuestRecord {
  const guests = (state.guests ??= []);
  let guest = guests.find((g) => g.userId === userId);
  if (!guest) {
    guest = newGuest(userId, SEED_USERS.alice, SEED_EPOCH - 30 * 86_400_000);
    guests.push(guest);
  }
  return guest;
}
