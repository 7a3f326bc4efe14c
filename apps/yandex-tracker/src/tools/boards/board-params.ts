/** The ids of boards and sprints (numbers; a numeric string is taken too, as the API shows them both ways). */
import { NotFoundError } from '@toolsmith/core';
import { z } from 'zod';
import type { ApiBoard } from '../../api/dto/board-dto.ts';
import { withHint } from '../shared/known-values.ts';
import type { TrackerCtx } from '../shared/list-result.ts';

const numericId = (what: string) =>
  z.union([
    z.number().int().positive(),
    z.string().refine((value) => /^\d+$/.test(value), `Use the numeric ${what} id, e.g. 12.`),
  ]);

export const boardIdParam = numericId('board').describe('Board id, e.g. 12.');

export const sprintIdParam = numericId('sprint').describe('Sprint id, e.g. 34.');

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
