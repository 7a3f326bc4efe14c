/** Worklog records as the API returns them (`/v2/issues/{key}/worklog`, `/v2/worklog/_search`) and their compact view. */
import { compact, personRef } from './refs.ts';
import type { Ref } from './tracker-types.ts';

export interface ApiWorklog {
  self?: string;
  id: number | string;
  version?: number;
  issue?: Ref;
  comment?: string;
  createdBy?: Ref;
  updatedBy?: Ref;
  createdAt?: string;
  updatedAt?: string;
  start?: string;
  /** ISO 8601 business-time duration (1 day = 8 h, 1 week = 5 days), e.g. `P1W`, `PT1H30M`. */
  duration?: string;
  [field: string]: unknown;
}

export function toWorklog(worklog: ApiWorklog) {
  return compact({
    id: Number(worklog.id),
    issue: worklog.issue?.key,
    start: worklog.start,
    duration: worklog.duration,
    comment: worklog.comment,
    createdBy: personRef(worklog.createdBy),
    createdAt: worklog.createdAt,
  });
}
