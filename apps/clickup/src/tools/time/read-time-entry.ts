/** One time entry by id (`GET /team/{id}/time_entries/{timer_id}`), a 404 answered with where the ids are. */
import type { ApiTimeEntry } from '../../api/dto/time-entry-view.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { hintOnNotFound } from '../shared/with-hint.ts';
import { NO_ENTRY_HINT, timeEntriesPath } from './time-params.ts';

/** A time entry with what its history and labels need. */
export interface ApiTimeEntryFull extends ApiTimeEntry {
  tags?: { name: string; tag_fg?: string; tag_bg?: string }[];
}

export async function readTimeEntry(ctx: ClickUpCtx, id: string): Promise<ApiTimeEntryFull> {
  const { data } = await hintOnNotFound(
    ctx.deps.client.get<{ data: ApiTimeEntryFull | ApiTimeEntryFull[] }>(
      await timeEntriesPath(ctx, `/${encodeURIComponent(id)}`),
      { signal: ctx.signal },
    ),
    NO_ENTRY_HINT,
  );
  // Documented as the entry itself ([doc: Get singular time entry]); some answers wrap it in an array.
  return Array.isArray(data) ? data[0]! : data;
}
