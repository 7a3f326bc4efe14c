/** What the time tools share: the workspace's time-entry path, the task a body names, entry ids. */
import type { Query } from '@toolsmith/core';
import { asRef } from '@toolsmith/core';
import { z } from 'zod';
import { parseTaskRef } from '../../api/task-ref.ts';
import type { ClickUpCtx } from '../clickup-context.ts';

export const timeEntryIdParam = () =>
  asRef(
    z.string().regex(/^\d+$/, 'time entry ids are numbers: find them with clickup_get_time_entries'),
    'time_entry',
  ).describe('Time entry id');

/** `/team/{workspace}/time_entries{suffix}`. */
export async function timeEntriesPath(ctx: ClickUpCtx, suffix = ''): Promise<string> {
  return `/team/${encodeURIComponent(await ctx.deps.client.teamId(ctx.signal))}/time_entries${suffix}`;
}

/** A task named in a query or body: its id as written there, plus the custom-id flags when needed. */
export async function taskForEntry(
  ctx: ClickUpCtx,
  ref: string | undefined,
): Promise<{ id?: string; query: Query }> {
  if (ref === undefined) return { query: {} };
  const parsed = parseTaskRef(ref);
  const { query } = await ctx.deps.client.task(parsed, '', ctx.signal);
  return { id: parsed.id, query };
}

export const NO_ENTRY_HINT = 'Find the entry id with clickup_get_time_entries.';
