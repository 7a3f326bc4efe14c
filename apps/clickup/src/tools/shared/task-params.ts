/**
 * The task fields create and update share, named as the API names them (the knowledge pack's
 * validators read them by these names), with the forms agents send converted on the way in:
 * priority names → 1–4, dates (ISO or ms) → ms.
 */
import { z } from 'zod';
import { dateParam, PRIORITY_NUMBER } from './params.ts';

export const priorityInput = z
  .union([z.enum(['urgent', 'high', 'normal', 'low']), z.literal([1, 2, 3, 4])])
  .transform((p) => (typeof p === 'number' ? p : PRIORITY_NUMBER[p]))
  .describe('1 urgent … 4 low');

/** A person: user id, email, username or "me" (resolved against the workspace members). */
/**
 * A person: user id, email, username or "me", resolved against the workspace members by the pack.
 * No description or bounds of its own: it appears in every people field, which describes it once.
 */
export const userRef = z.union([z.number().int(), z.string()]);

export const taskFields = {
  name: z.string().min(1).max(2000).optional().describe('Title'),
  markdown_content: z.string().optional().describe('Description (Markdown)'),
  status: z.string().min(1).optional().describe('A status of the list (case-insensitive)'),
  priority: priorityInput.optional(),
  due_date: dateParam.optional(),
  start_date: dateParam.optional(),
  time_estimate: z.number().int().nonnegative().optional().describe('Estimate in ms'),
  points: z.number().nonnegative().optional().describe('Sprint points'),
};
