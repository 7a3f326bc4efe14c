/**
 * Time in status as the API answers it (`GET /task/{id}/time_in_status`, and per task in the bulk
 * answer): `current_status` and `status_history[]`, each with `total_time: {by_minute, since}`
 * (`since` epoch ms as a string) — as a compact view: each status with its minutes and since when.
 */
import { isoDate } from '../../api/dto/task-view.ts';

export interface ApiStatusTime {
  status: string;
  type?: string;
  total_time?: { by_minute?: number | string | null; since?: string | number | null };
}

export interface ApiTimeInStatus {
  current_status?: ApiStatusTime | null;
  status_history?: ApiStatusTime[] | null;
}

export interface StatusTime {
  status: string;
  minutes: number;
  since?: string;
}

export interface TimeInStatusView {
  taskId: string;
  /** The status the task is in, and how long it has been in it. */
  current?: StatusTime;
  /** Every status the task has been in, with its total time there. */
  history: StatusTime[];
}

const toStatusTime = (s: ApiStatusTime): StatusTime => {
  const since = isoDate(s.total_time?.since ?? null);
  return { status: s.status, minutes: Number(s.total_time?.by_minute ?? 0), ...(since ? { since } : {}) };
};

export const toTimeInStatusView = (
  taskId: string,
  answer: ApiTimeInStatus | undefined,
): TimeInStatusView => ({
  taskId,
  ...(answer?.current_status ? { current: toStatusTime(answer.current_status) } : {}),
  history: (answer?.status_history ?? []).map(toStatusTime),
});

export const TOTAL_TIME_IN_STATUS = 'Total time in Status';
