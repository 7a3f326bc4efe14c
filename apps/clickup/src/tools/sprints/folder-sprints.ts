/**
 * ClickUp's sprints (research: the Sprints ClickApp; taazkareem's get_active_sprint, the `clickup
 * sprint current` CLI): a Sprint folder's lists, each with a start and a due date. The current one
 * is the list whose dates hold the moment asked about (now, by default); when sprints overlap, the
 * one that started last. Lists without both dates are not sprints.
 */
import { ValidationError } from '@toolsmith/core';
import type { ClickUpCtx } from '../clickup-context.ts';

interface ApiList {
  id: string;
  name: string;
  start_date?: string | null;
  due_date?: string | null;
  task_count?: number | null;
}

export interface Sprint {
  id: string;
  name: string;
  start: string;
  end: string;
  /** Tasks whose home list it is (ClickUp's count; tasks added to it from other lists are not in it). */
  taskCount?: number;
}

export interface FolderSprints {
  active: Sprint | undefined;
  previous: Sprint | undefined;
  next: Sprint | undefined;
  count: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The sprints of `folderId` around `at` (ms); a folder without dated lists is refused on folder_id. */
export async function folderSprints(ctx: ClickUpCtx, folderId: string, at: number): Promise<FolderSprints> {
  const { lists } = await ctx.deps.client.get<{ lists: ApiList[] }>(
    `/folder/${encodeURIComponent(folderId)}/list`,
    { query: { archived: false }, signal: ctx.signal },
  );
  const sprints = lists
    .map((l) => ({ list: l, start: Number(l.start_date), end: Number(l.due_date) }))
    .filter((s) => s.list.start_date && s.list.due_date && Number.isFinite(s.start) && Number.isFinite(s.end))
    .sort((a, b) => a.start - b.start);
  if (sprints.length === 0) {
    throw new ValidationError({
      toolName: ctx.toolName,
      issues: [
        {
          field: 'folder_id',
          message: `folder ${folderId} has no list with a start and a due date, so it holds no sprint (${lists.length} list(s)). Give the Sprint folder (clickup_get_hierarchy shows folders), or set the sprint lists' dates in ClickUp.`,
        },
      ],
    });
  }
  const view = (s: (typeof sprints)[number]): Sprint => ({
    id: s.list.id,
    name: s.list.name,
    start: iso(s.start),
    end: iso(s.end),
    ...(typeof s.list.task_count === 'number' ? { taskCount: s.list.task_count } : {}),
  });
  const holding = sprints.filter((s) => s.start <= at && at <= s.end);
  const active = holding.at(-1);
  const previous = sprints.filter((s) => s.end < at).at(-1);
  const next = sprints.find((s) => s.start > at);
  return {
    active: active && view(active),
    previous: previous && view(previous),
    next: next && view(next),
    count: sprints.length,
  };
}
