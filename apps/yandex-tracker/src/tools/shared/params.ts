/**
 * The one vocabulary of identifiers across all Tracker tools (the anchor server had five names for
 * the issue id): `issueId` / `issueIds` (a key like DEMO-12 or the 24-digit id), `queueId`,
 * `transitionId`, `commentId`, `worklogId`, `attachmentId`, `checklistItemId`, `linkId`,
 * `componentId`, `projectId`, `boardId`, `sprintId`, `userId`, `operationId`; lists page with
 * `perPage` + `cursor`.
 */
import { z } from 'zod';

export const ISSUE_KEY_PATTERN = /^[A-Z][A-Z0-9]*-\d+$/;
const ISSUE_ID_PATTERN = /^(?:[A-Z][A-Z0-9]*-\d+|[0-9a-f]{24})$/;

// Formats are checked with refinements, not `pattern`s: the check and its recovery message stay, and
// the definition an agent reads on every turn says what a value looks like in the description
// (issue 15 §1, ADR 0018).
export const issueIdParam = z
  .string()
  .refine(
    (value) => ISSUE_ID_PATTERN.test(value),
    'Use an issue key such as "DEMO-12" (queue key in upper case, a dash, the number) or the 24-character issue id.',
  )
  .describe('Issue key, e.g. "DEMO-12".');

export const issueIdsParam = (max = 50) =>
  z.array(issueIdParam).min(1).max(max).describe('Issue keys, e.g. ["DEMO-1", "DEMO-2"].');

export const queueIdParam = z
  .string()
  .refine((value) => /^[A-Z][A-Z0-9]*$/.test(value), 'Use the queue key in upper case, e.g. "DEMO".')
  .describe('Queue key, e.g. "DEMO".');

export const userIdParam = z.string().min(1).describe('Login or uid, e.g. "alice".');

export const perPageParam = (max = 100, fallback = 50) =>
  z.number().int().min(1).max(max).default(fallback).describe('Page size.');

export const cursorParam = z.string().min(1).optional().describe('`nextCursor` of the previous page.');

/** Tracker dates: `YYYY-MM-DD` or a full ISO 8601 timestamp. */
export const dateParam = z
  .string()
  .refine(
    (value) =>
      /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.test(value),
    'Use YYYY-MM-DD or an ISO 8601 timestamp such as 2026-11-21T10:00:00+03:00.',
  );

/** Turns an ISO timestamp into the API's `YYYY-MM-DDThh:mm:ss.sss±hhmm` (no zone given: UTC, never the server's local time). */
export function toTrackerDateTime(value: string): string {
  const zoned = /(?:Z|[+-]\d{2}:?\d{2})$/.test(value);
  const date = new Date(/T/.test(value) ? (zoned ? value : `${value}Z`) : `${value}T00:00:00Z`);
  return date.toISOString().replace('Z', '+0000');
}
