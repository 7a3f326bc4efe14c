/** The writable issue fields shared by create and update, and their API body (research §3.3). */
import { z } from 'zod';

const listEdit = z
  .object({
    add: z.array(z.string().min(1)).optional().describe('Values to add.'),
    remove: z.array(z.string().min(1)).optional().describe('Values to remove.'),
  })
  .describe('Add or remove values without replacing the rest.');

export const issueFieldsShape = {
  description: z
    .string()
    .max(100_000)
    .optional()
    .describe('Issue description (Markdown when `markdown` is true, else Tracker markup).'),
  markdown: z.boolean().optional().describe('Treat `description` as Markdown (sends markupType "md").'),
  type: z
    .string()
    .min(1)
    .optional()
    .describe('Issue type key, e.g. "bug", "task" (tracker_get_issue_types lists them).'),
  priority: z
    .string()
    .min(1)
    .optional()
    .describe('Priority key, e.g. "critical" (tracker_get_priorities lists them).'),
  assignee: z.string().min(1).optional().describe('Assignee login or uid, e.g. "bob".'),
  followers: z.array(z.string().min(1)).max(50).optional().describe('Follower logins or uids.'),
  tags: z.array(z.string().min(1)).max(50).optional().describe('Tags.'),
  components: z
    .array(z.union([z.number().int(), z.string().min(1)]))
    .max(20)
    .optional()
    .describe('Component ids or names of the queue.'),
  sprint: z
    .array(z.union([z.number().int(), z.string().min(1)]))
    .max(5)
    .optional()
    .describe('Sprint ids or names.'),
  deadline: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD, e.g. 2026-12-01.')
    .optional()
    .describe('Deadline date, YYYY-MM-DD.'),
  storyPoints: z.number().min(0).max(1000).optional().describe('Story points.'),
  customFields: z
    .record(z.string().min(1), z.unknown())
    .optional()
    .describe(
      'Other fields by field id (global) or local field key, e.g. {"myLocalField": "value"}. tracker_get_queue_fields lists them.',
    ),
};

export const issueListEdits = {
  tags: z
    .union([z.array(z.string().min(1)).max(50), listEdit])
    .optional()
    .describe('Tags: a list replaces them; {add, remove} edits them.'),
  followers: z
    .union([z.array(z.string().min(1)).max(50), listEdit])
    .optional()
    .describe('Followers: a list replaces them; {add, remove} edits them.'),
};

type Fields = {
  description?: string | undefined;
  markdown?: boolean | undefined;
  type?: string | undefined;
  priority?: string | undefined;
  assignee?: string | undefined;
  followers?: string[] | { add?: string[] | undefined; remove?: string[] | undefined } | undefined;
  tags?: string[] | { add?: string[] | undefined; remove?: string[] | undefined } | undefined;
  components?: Array<number | string> | undefined;
  sprint?: Array<number | string> | undefined;
  deadline?: string | undefined;
  storyPoints?: number | undefined;
  customFields?: Record<string, unknown> | undefined;
};

export function issueFieldsBody(params: Fields): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key of [
    'description',
    'type',
    'priority',
    'assignee',
    'followers',
    'tags',
    'components',
    'sprint',
    'deadline',
    'storyPoints',
  ] as const) {
    const value = params[key];
    if (value !== undefined) body[key] = key === 'deadline' ? String(value).slice(0, 10) : value;
  }
  if (params.markdown) body['markupType'] = 'md';
  return { ...params.customFields, ...body };
}
