/** Bulk change operations (`/v2/bulkchange`, research §3.8): the API shape and its compact view. */
import { compact } from './refs.ts';
import type { Ref } from './tracker-types.ts';

export type BulkStatus = 'CREATED' | 'RUNNING' | 'COMPLETE' | 'FAILED';

/** `POST /v2/bulkchange/_update|_transition|_move` (201) and `GET /v2/bulkchange/{id}`. */
export interface ApiBulkChange {
  id: string;
  self?: string;
  createdBy?: Ref;
  createdAt?: string;
  /** CREATED → RUNNING → COMPLETE | FAILED (other values may appear; treat them as still running). */
  status: BulkStatus | (string & {});
  statusText?: string;
  executionChunkPercent?: number;
  executionIssuePercent?: number;
  totalIssues?: number;
  totalCompletedIssues?: number;
  [field: string]: unknown;
}

/** Whether the operation has finished (successfully or not). */
export const isFinished = (operation: ApiBulkChange): boolean =>
  operation.status === 'COMPLETE' || operation.status === 'FAILED';

/** The status as tools report it. */
export function toBulkStatus(operation: ApiBulkChange) {
  return compact({
    operationId: operation.id,
    status: operation.status,
    statusText: operation.statusText,
    executionChunkPercent: operation.executionChunkPercent,
    executionIssuePercent: operation.executionIssuePercent,
    totalIssues: operation.totalIssues,
    totalCompletedIssues: operation.totalCompletedIssues,
    createdAt: operation.createdAt,
    done: isFinished(operation),
  });
}
