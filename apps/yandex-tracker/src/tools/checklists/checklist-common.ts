/**
 * What the checklist tools share (research §3.8 "Checklists"): the item id param, the deadline in
 * the API's object form `{date, deadlineType: "date"}` (a bare string is a 422, research §1.7
 * item 13), and reading the affected item back out of the ISSUE that every write returns.
 */
import { NotFoundError } from '@toolsmith/core';
import { z } from 'zod';
import type { ApiChecklistItem } from '../../api/dto/checklist-dto.ts';
import { withHint } from '../shared/known-values.ts';
import { dateParam } from '../shared/params.ts';

export const checklistItemIdParam = z
  .string()
  .refine(
    (value) => /^[0-9a-zA-Z]+$/.test(value),
    'Use the item id from tracker_get_checklist, e.g. "5fde5f0a1aee261d00000002".',
  )
  .describe('Checklist item id.');

export const checklistPath = (issueId: string) => `/v2/issues/${encodeURIComponent(issueId)}/checklistItems`;

export const deadlineParam = dateParam;

/** The API's deadline object for a day. */
export function deadlineBody(date: string) {
  return { date: `${date.slice(0, 10)}T00:00:00.000+0000`, deadlineType: 'date' };
}

/** The issue a checklist write answers with (only the part the tools read). */
export interface IssueWithChecklist {
  key?: string;
  checklistItems?: ApiChecklistItem[];
}

/** A 404 on an item path: the issue is missing or the item is not on it. */
export function itemNotFound(error: unknown, issueId: string, itemId: string): unknown {
  if (!NotFoundError.isInstance(error)) return error;
  return withHint(
    error,
    `Either issue ${issueId} does not exist or checklist item ${itemId} is not on it. List the items with tracker_get_checklist.`,
  );
}
