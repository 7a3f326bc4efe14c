/**
 * What the board, column and sprint writes share (`sprints` toolset): the optimistic lock the API
 * demands on them — `If-Match: "<version>"`, the board's version for board and column writes, the
 * sprint's for sprint writes; a stale one is 412 Precondition Failed, answered with what to read
 * again — the paths, and the queue policy: a board's default queue (a sprint's through its board) must
 * be allowed and writable on this server, read with one GET when a policy is set.
 */
import { ApiError, NotFoundError, ref } from '@toolsmith/core';
import { z } from 'zod';
import type { ApiBoard, ApiSprint } from '../../api/dto/board-dto.ts';
import { refKey } from '../../api/dto/refs.ts';
import { withHint } from '../shared/known-values.ts';
import { atMost, filled } from '../shared/params.ts';
import { assertQueueAccess, policyActive } from '../shared/tracker-tool.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { withBoardHint } from './board-params.ts';

export const boardPath = (boardId: number | string) => `/v3/boards/${encodeURIComponent(String(boardId))}`;
export const sprintPath = (sprintId: number | string) =>
  `/v3/sprints/${encodeURIComponent(String(sprintId))}`;

/** The board's `version` (board and column writes lock the board). */
export const boardVersionParam = () =>
  z.number().int().positive().describe('Board `version` from tracker_get_board.');

/** The sprint's `version` (sprint writes lock the sprint). */
export const sprintVersionParam = () =>
  z.number().int().positive().describe('Sprint `version` from tracker_get_sprint.');

/** A board column's id (tracker_get_board_columns lists them). */
export const columnIdParam = () => z.number().int().positive().describe('From tracker_get_board_columns.');

/** The statuses a column shows: keys (display names are converted, announced). */
export const columnStatusesParam = () =>
  z
    .array(ref('status'))
    .refine(filled, 'Must have at least 1 item.')
    .refine(atMost(50), 'Must have at most 50 items.')
    .describe('Status keys, e.g. open.');

/** A board, column or sprint name: 1–200 characters, trimmed. */
export const entityName = (description: string) =>
  z
    .string()
    .trim()
    .refine(filled, 'Must be at least 1 character long.')
    .refine(atMost(200), 'Must be at most 200 characters long.')
    .describe(description);

/** The lock as the API takes it. */
export const ifMatch = (version: number) => ({ 'If-Match': `"${version}"` });

/**
 * A stale or missing `version` (412/428) answered with where to read the current one; a 404 with
 * where to find ids. Other errors are returned as they are.
 */
export function withLockHint(error: unknown, what: 'board' | 'sprint', version: number): unknown {
  const read = what === 'board' ? 'tracker_get_board' : 'tracker_get_sprint';
  if (ApiError.isInstance(error) && (error.status === 412 || error.status === 428)) {
    return withHint(
      error,
      `version ${version} is not the ${what}'s current version: it changed since you read it. Read it again with ${read}, check the change still applies, and pass its current \`version\`. Nothing was changed.`,
    );
  }
  if (NotFoundError.isInstance(error) && what === 'sprint') {
    return withHint(error, 'Find sprint ids with tracker_get_sprints (by boardId).');
  }
  return error;
}

/** Refuses a write to a board whose default queue is outside the allow-list or read-only. */
export async function assertBoardAccess(ctx: TrackerCtx, boardId: number | string): Promise<void> {
  if (!policyActive(ctx.deps.config)) return;
  let board: ApiBoard;
  try {
    board = await ctx.deps.client.get<ApiBoard>(boardPath(boardId), { signal: ctx.signal });
  } catch (error) {
    throw await withBoardHint(error, ctx);
  }
  const queue = refKey(board.defaultQueue);
  if (queue !== undefined) assertQueueAccess(ctx.deps.config, queue, true);
}

/** The same for a sprint, through its board. */
export async function assertSprintAccess(ctx: TrackerCtx, sprintId: number | string): Promise<void> {
  if (!policyActive(ctx.deps.config)) return;
  let sprint: ApiSprint;
  try {
    sprint = await ctx.deps.client.get<ApiSprint>(sprintPath(sprintId), { signal: ctx.signal });
  } catch (error) {
    throw withLockHint(error, 'sprint', 0);
  }
  if (sprint.board?.id !== undefined) await assertBoardAccess(ctx, sprint.board.id);
}
