/** Checklist items as the API returns them (`checklistItems` of an issue) and their compact view. */
import { compact, personRef } from './refs.ts';
import type { Ref } from './tracker-types.ts';

export interface ApiChecklistItem {
  id: string;
  text: string;
  textHtml?: string;
  checked?: boolean;
  assignee?: Ref;
  deadline?: { date: string; deadlineType?: string; isExceeded?: boolean };
  checklistItemType?: string;
  [field: string]: unknown;
}

export function toChecklistItem(item: ApiChecklistItem) {
  const deadline = item.deadline?.date;
  return compact({
    id: item.id,
    text: item.text,
    checked: item.checked ?? false,
    assignee: personRef(item.assignee),
    // A `date` deadline is a calendar day: show it as YYYY-MM-DD.
    deadline: deadline && item.deadline?.deadlineType !== 'dateTime' ? deadline.slice(0, 10) : deadline,
    overdue: item.deadline?.isExceeded === true ? true : undefined,
  });
}
