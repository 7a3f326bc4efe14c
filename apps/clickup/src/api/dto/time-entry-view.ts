/**
 * A time entry as the API returns it (dates as epoch-ms strings, a running timer's `duration`
 * negative) and its compact view: task, who, start/end in ISO, minutes.
 */
import { isoDate, userLabel, type ApiUser } from './task-view.ts';

export interface ApiTimeEntry {
  id: string;
  task?: { id: string; custom_id?: string | null; name?: string } | null;
  user?: ApiUser | null;
  billable?: boolean;
  start?: string | number | null;
  end?: string | number | null;
  duration?: string | number | null;
  description?: string | null;
}

export interface TimeEntryView {
  id: string;
  task?: { id: string; customId?: string; name?: string };
  user?: string;
  start?: string;
  end?: string;
  /** Whole minutes tracked (so far, for a running timer). */
  minutes: number;
  running?: true;
  billable?: true;
  description?: string;
}

export function toTimeEntryView(entry: ApiTimeEntry, now = Date.now()): TimeEntryView {
  const duration = Number(entry.duration ?? 0);
  const running = duration < 0 || entry.end === null || entry.end === undefined;
  const ms = duration < 0 ? now + duration : duration;
  const task = entry.task;
  return {
    id: String(entry.id),
    ...(task
      ? {
          task: {
            id: task.id,
            ...(task.custom_id ? { customId: task.custom_id } : {}),
            ...(task.name ? { name: task.name } : {}),
          },
        }
      : {}),
    ...(entry.user ? { user: userLabel(entry.user) } : {}),
    ...(isoDate(entry.start) ? { start: isoDate(entry.start)! } : {}),
    ...(!running && isoDate(entry.end) ? { end: isoDate(entry.end)! } : {}),
    minutes: Math.max(0, Math.round(ms / 60_000)),
    ...(running ? { running: true as const } : {}),
    ...(entry.billable ? { billable: true as const } : {}),
    ...(entry.description ? { description: entry.description } : {}),
  };
}
