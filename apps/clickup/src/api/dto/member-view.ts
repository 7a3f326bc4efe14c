/**
 * Workspace members as the API returns them (`GET /team` members[].user, `GET /list|task/{id}/member`)
 * and their compact view: the id to assign with, the name and email to recognise them by.
 */
import type { ApiUser } from './task-view.ts';

export interface ApiMember extends ApiUser {
  /** 1 owner, 2 admin, 3 member, 4 guest. */
  role?: number;
}

const ROLES: Readonly<Record<number, string>> = { 1: 'owner', 2: 'admin', 3: 'member', 4: 'guest' };

export interface MemberView {
  id: number;
  name?: string;
  email?: string;
  role?: string;
}

export const toMemberView = (u: ApiMember): MemberView => ({
  id: u.id,
  ...(u.username ? { name: u.username } : {}),
  ...(u.email ? { email: u.email } : {}),
  ...(u.role !== undefined && ROLES[u.role] ? { role: ROLES[u.role]! } : {}),
});
