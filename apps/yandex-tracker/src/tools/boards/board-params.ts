/** The ids of boards and sprints (numbers; a numeric string is taken too, as the API shows them both ways). */
import { NotFoundError, ref } from '@toolsmith/core';
import type { ApiBoard } from '../../api/dto/board-dto.ts';
import { withHint } from '../shared/known-values.ts';
import type { TrackerCtx } from '../tracker-context.ts';

/** A board: its id (a number, or a numeric string), or its name (announced). */
export const boardIdParam = () => ref('board', { id: 'either' }).describe('Board id, e.g. 12.');

/** A sprint of any board: its id, or its name (announced). */
export const sprintIdParam = () => ref('sprint', { id: 'either' }).describe('Sprint id, e.g. 34.');

/** Most boards a recovery hint lists. */
const HINT_BOARDS = 20;

/** Adds the valid board ids to a 404 about a board (best effort: if the lookup fails, the error stands). */
export async function withBoardHint(error: unknown, ctx: TrackerCtx): Promise<unknown> {
  if (!NotFoundError.isInstance(error)) return error;
  try {
    const boards = await ctx.deps.client.get<ApiBoard[]>('/v2/boards', { signal: ctx.signal });
    const listed = boards
      .slice(0, HINT_BOARDS)
      .map((b) => `${b.id} (${b.name})`)
      .join(', ');
    const more = boards.length > HINT_BOARDS ? `, … (${boards.length} in all: tracker_get_boards)` : '';
    return withHint(
      error,
      boards.length > 0
        ? `Valid boards: ${listed}${more}.`
        : 'This organisation has no boards visible to this account.',
    );
  } catch {
    return withHint(error, 'Find board ids with tracker_get_boards.');
  }
}
