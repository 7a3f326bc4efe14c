/**
 * How long a task has been in each status (research §2.5, `GET /task/{task_id}/time_in_status`): the
 * task's status changes, recorded as they happen (a seed task has been in its status since it was
 * created), added up per status. The answer's shape is the API's: `current_status` and
 * `status_history[]`, each `{status, color, type, orderindex, total_time: {by_minute, since}}`, `since`
 * the epoch-ms string of when the task (first) entered it. Whole minutes, rounded down.
 */
import type { ClickUpState, StatusRecord, TaskRecord } from './clickup-state.ts';
import { ms } from './render.ts';

/** Records that `task` goes from its status to `to` at `at` (call before changing `task.status`). */
export function recordStatusChange(state: ClickUpState, task: TaskRecord, to: string, at: number): void {
  if (task.status === to) return;
  (state.statusChanges ??= []).push({ taskId: task.id, from: task.status, to, at });
}

interface Segment {
  status: string;
  start: number;
  end: number;
}

function segments(state: ClickUpState, task: TaskRecord, now: number): Segment[] {
  const changes = (state.statusChanges ?? []).filter((c) => c.taskId === task.id).sort((a, b) => a.at - b.at);
  const result: Segment[] = [];
  let status = changes[0]?.from ?? task.status;
  let start = task.dateCreated;
  for (const change of changes) {
    result.push({ status, start, end: change.at });
    status = change.to;
    start = change.at;
  }
  result.push({ status, start, end: Math.max(now, start) });
  // A status left the moment it was entered (a task created with another status) was never in effect.
  return result.filter((s, i) => i === result.length - 1 || s.end > s.start);
}

function statusJson(state: ClickUpState, task: TaskRecord, name: string, minutes: number, since: number) {
  const list = state.lists.find((l) => l.id === task.listId);
  const known: StatusRecord | undefined = list?.statuses.find((s) => s.status === name);
  return {
    status: name,
    color: known?.color ?? '#d3d3d3',
    type: known?.type ?? 'custom',
    orderindex: known?.orderindex ?? 0,
    total_time: { by_minute: minutes, since: ms(since) },
  };
}

const minutes = (span: number) => Math.floor(span / 60_000);

export function renderTimeInStatus(state: ClickUpState, task: TaskRecord, now: number) {
  const all = segments(state, task, now);
  const current = all.at(-1)!;
  const totals = new Map<string, { span: number; since: number }>();
  for (const s of all) {
    const entry = totals.get(s.status);
    if (entry) entry.span += s.end - s.start;
    else totals.set(s.status, { span: s.end - s.start, since: s.start });
  }
  return {
    current_status: statusJson(
      state,
      task,
      current.status,
      minutes(current.end - current.start),
      current.start,
    ),
    status_history: [...totals].map(([status, { span, since }]) =>
      statusJson(state, task, status, minutes(span), since),
    ),
  };
}
