/**
 * Who belongs where: the users of every workspace (the seed one and the extra ones of
 * `createSeedState({ workspaces })`), the workspaces a user is a member of, and a user named by id,
 * email or username (what an authorize request's `login_hint` carries).
 */
import type { ClickUpState, UserRecord } from './clickup-state.ts';

/** Every user of every workspace, once each (the seed workspace's record first). */
export function allUsers(state: ClickUpState): UserRecord[] {
  const users = [...state.users];
  for (const team of state.otherTeams ?? []) {
    for (const member of team.members) if (!users.some((u) => u.id === member.id)) users.push(member);
  }
  return users;
}

export function findAnyUser(state: ClickUpState, id: number): UserRecord | undefined {
  return allUsers(state).find((u) => u.id === id);
}

/** The ids of the workspaces `userId` is a member of: the seed workspace first, then the extra ones in order. */
export function workspacesOf(state: ClickUpState, userId: number): string[] {
  return [
    ...(state.users.some((u) => u.id === userId) ? [state.team.id] : []),
    ...(state.otherTeams ?? []).filter((t) => t.members.some((m) => m.id === userId)).map((t) => t.id),
  ];
}

/** A user by numeric id, email (any case) or username (any case); undefined when none matches. */
export function resolveUser(state: ClickUpState, hint: number | string): UserRecord | undefined {
  const text = String(hint).trim().toLowerCase();
  return allUsers(state).find(
    (u) => String(u.id) === text || u.email.toLowerCase() === text || u.username.toLowerCase() === text,
  );
}
