/**
 * What the checklist tools share (research §3.8 "Checklists"): the item id param, the deadline in
 * the API's object form `{date, deadlineType: "date"}` (a bare string is a 422, research §1.7
 * item 13), and reading the affected item back out of the ISSUE that every write returns.
 */
import { NotFoundError, ref, when, type Moment } from '@toolsmith/core';
import type { ApiChecklistItem } from '../../api/dto/checklist-dto.ts';
import { withHint } from '../shared/known-values.ts';

/** One of the issue's checklist items (read for each call): the id, or the item's text. */
export const checklistItemIdParam = () => ref('checklistItem').describe('Checklist item id.');

export const checklistPath = (issueId: string) => `/v2/issues/${encodeURIComponent(issueId)}/checklistItems`;

/** A checklist deadline: a calendar date (undescribed, so `.nullable()` keeps one description). */
export const deadlineParam = () => when({ precision: 'date' });

/** The API's deadline object for a day. */
export function deadlineBody(deadline: Moment) {
  return { date: `${deadline.date}T00:00:00.000+0000`, deadlineType: 'date' };
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
