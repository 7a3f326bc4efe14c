/** Users as the API sends them (`GET /v3/users`, `/v3/users/{id}`, `/v3/myself`) and their compact view. */
import { compact } from './refs.ts';

export interface ApiUser {
  self?: string;
  uid: number | string;
  login: string;
  trackerUid?: number | string;
  passportUid?: number | string;
  cloudUid?: string;
  firstName?: string;
  lastName?: string;
  display?: string;
  email?: string;
  external?: boolean;
  dismissed?: boolean;
  /** The profile's time zone, an IANA id such as `Europe/Moscow` (the emulator's name; assumed). */
  timezone?: string;
  [field: string]: unknown;
}

/** `{uid, login, display, email, dismissed}`; the uid is a string (worklog search and queue access take it). */
export function toUser(user: ApiUser) {
  return compact({
    uid: String(user.uid),
    login: user.login,
    display: user.display,
    email: user.email,
    dismissed: user.dismissed ?? false,
  });
}

/** Whether `query` (lower case) occurs in the user's login, display name, email, first or last name. */
export function userMatches(user: ApiUser, query: string): boolean {
  return [user.login, user.display, user.email, user.firstName, user.lastName, String(user.uid)].some(
    (value) => value !== undefined && value.toLowerCase().includes(query),
  );
}
