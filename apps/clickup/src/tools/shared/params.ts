/**
 * Param schemas every ClickUp tool shares, so a task id or a date means the same everywhere — each
 * a factory: a declaration (ref, when…) lives on its schema, which must not be shared between
 * fields that declare different things.
 */
import { custom, ref, when } from '@toolsmith/core';
import { z } from 'zod';

/** A task reference in any form the server accepts (see api/task-ref.ts, references/task-ref-resolver.ts). */
export const taskIdParam = () =>
  custom(z.string().min(1), 'task').describe('Task id, custom id ("DEV-123") or task URL');

/**
 * The workspace a call works in, by id or name: unset, the server's default (CLICKUP_TEAM_ID) or the
 * only one the user is in; a user in several names one (ClickUpTool picks that workspace's deps).
 */
export const teamIdParam = () => ref('workspace').optional();

/** A list, by id or name. */
export const listIdParam = () => ref('list').describe('List id');
export const spaceIdParam = () => ref('space').describe('Space id');
export const folderIdParam = () => ref('folder').describe('Folder id');

/** A workspace member: user id, e-mail, username or "me" (the token's owner). */
export const memberParam = () => ref('member', { id: 'number' });

/**
 * A point in time: ISO 8601 ("2026-11-25", "2026-11-25T14:00:00+03:00"; without an offset in your
 * ClickUp time zone), epoch milliseconds or words ("tomorrow 9am"); a Moment to the tool.
 */
export const DATE_DESCRIPTION = 'ISO 8601, epoch ms or e.g. "tomorrow 9am"';
export const dateParam = () => when().describe(DATE_DESCRIPTION);

/** ClickUp's priority, 1 urgent … 4 low, or its name in any case. */
export const PRIORITY_DESCRIPTION = '1 urgent … 4 low';
export const priorityParam = () => ref('priority', { id: 'number' }).describe(PRIORITY_DESCRIPTION);
