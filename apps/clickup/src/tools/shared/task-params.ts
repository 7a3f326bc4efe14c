/**
 * The task fields create and update share, named as the API names them (the knowledge pack's
 * validators read them by these names) and declared by what they are: the status is one of the
 * target list's, the priority a ClickUp priority, dates points in time (read in your time zone when
 * no offset is given), the estimate a duration. toTaskWrite turns the resolved values into what the
 * API takes — milliseconds and the `*_date_time` flags — before the pack's validators see them.
 */
import { duration, emptyMeans, nullMeans, ref, when, type DurationValue, type Moment } from '@toolsmith/core';
import { z } from 'zod';
import { clickUpDate } from './clickup-dates.ts';
import { DATE_DESCRIPTION, dateParam, PRIORITY_DESCRIPTION, priorityParam } from './params.ts';

/** People: user ids, e-mails, usernames or "me", resolved against the workspace members. */
export const userRef = () => ref('member', { id: 'number' });

export const taskFields = () => ({
  name: z.string().min(1).max(2000).optional().describe('Title'),
  markdown_content: z.string().optional().describe('Description (Markdown)'),
  status: ref('status').optional().describe('A status of the list'),
  priority: priorityParam().optional(),
  due_date: dateParam().optional(),
  start_date: dateParam().optional(),
  time_estimate: duration({ min: 60_000 }).optional().describe('Estimate, e.g. "2h 30m"'),
  points: z.number().nonnegative().optional().describe('Sprint points'),
});

/** On update: dates, priority and estimate take null (removed). */
export const taskChangeFields = () => ({
  ...taskFields(),
  markdown_content: emptyMeans(
    z.string().optional().describe('Description (Markdown); "" clears it'),
    'clear',
  ),
  // The description on the outside: a described schema inside .nullable() is generated as a union
  // of two (the value, null) that the definition check cannot match to the schema.
  priority: nullMeans(
    ref('priority', { id: 'number' }).nullable().optional().describe(PRIORITY_DESCRIPTION),
    'unset',
  ),
  due_date: nullMeans(when().nullable().optional().describe(DATE_DESCRIPTION), 'unset'),
  start_date: nullMeans(when().nullable().optional().describe(DATE_DESCRIPTION), 'unset'),
  time_estimate: nullMeans(
    duration({ min: 60_000 }).nullable().optional().describe('Estimate, e.g. "2h 30m"'),
    'unset',
  ),
});

const isMoment = (v: unknown): v is Moment =>
  v !== null && typeof v === 'object' && typeof (v as Moment).epochMs === 'number';
const isDuration = (v: unknown): v is DurationValue =>
  v !== null && typeof v === 'object' && typeof (v as DurationValue).ms === 'number' && 'iso' in v;

/**
 * In place: `due_date` / `start_date` Moments → milliseconds plus `due_date_time` / `start_date_time`
 * (a date alone is ClickUp's 04:00 in your zone, flag off); `time_estimate` → milliseconds.
 */
export function toTaskWrite(params: Record<string, unknown>): void {
  for (const field of ['due_date', 'start_date'] as const) {
    const value = params[field];
    if (isMoment(value)) {
      const date = clickUpDate(value);
      params[field] = date.ms;
      params[`${field}_time`] = date.time;
    }
  }
  if (isDuration(params['time_estimate'])) params['time_estimate'] = params['time_estimate'].ms;
}
