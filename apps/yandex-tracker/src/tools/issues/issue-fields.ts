/** The writable issue fields shared by create and update, and their API body (research §3.3). */
import { z } from 'zod';
import { filled, atMost } from '../shared/params.ts';

const listEdit = z.object({
  add: z.array(z.string().refine(filled, 'Must be at least 1 character long.')).optional(),
  remove: z.array(z.string().refine(filled, 'Must be at least 1 character long.')).optional(),
});

export const issueFieldsShape = {
  description: z
    .string()
    .refine(atMost(100_000), 'Must be at most 100000 characters long.')
    .optional()
    .describe('Text in Tracker markup (Markdown with `markdown`).'),
  markdown: z.boolean().optional().describe('`description` is Markdown.'),
  type: z
    .string()
    .refine(filled, 'Must be at least 1 character long.')
    .optional()
    .describe('Issue type key, e.g. bug.'),
  priority: z
    .string()
    .refine(filled, 'Must be at least 1 character long.')
    .optional()
    .describe('Priority key, e.g. critical.'),
  assignee: z
    .string()
    .refine(filled, 'Must be at least 1 character long.')
    .optional()
    .describe('Login or uid.'),
  followers: z
    .array(z.string().refine(filled, 'Must be at least 1 character long.'))
    .refine(atMost(50), 'Must have at most 50 items.')
    .optional()
    .describe('Logins or uids.'),
  tags: z
    .array(z.string().refine(filled, 'Must be at least 1 character long.'))
    .refine(atMost(50), 'Must have at most 50 items.')
    .optional()
    .describe('Tags.'),
  components: z
    .array(z.union([z.number().int(), z.string().refine(filled, 'Must be at least 1 character long.')]))
    .refine(atMost(20), 'Must have at most 20 items.')
    .optional()
    .describe('Component ids or names.'),
  sprint: z
    .array(z.union([z.number().int(), z.string().refine(filled, 'Must be at least 1 character long.')]))
    .refine(atMost(5), 'Must have at most 5 items.')
    .optional()
    .describe('Sprint ids or names.'),
  deadline: z
    .string()
    .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value), 'Use YYYY-MM-DD, e.g. 2026-12-01.')
    .optional()
    .describe('YYYY-MM-DD.'),
  storyPoints: z.number().min(0).max(1000).optional().describe('Story points.'),
  customFields: z
    .record(z.string().refine(filled, 'Must be at least 1 character long.'), z.unknown())
    .optional()
    .describe('Other fields by id or local key (tracker_get_queue_fields).'),
};

export const issueListEdits = {
  tags: z
    .union([
      z
        .array(z.string().refine(filled, 'Must be at least 1 character long.'))
        .refine(atMost(50), 'Must have at most 50 items.'),
      listEdit,
    ])
    .optional()
    .describe('A list replaces; {add, remove} edits.'),
  followers: z
    .union([
      z
        .array(z.string().refine(filled, 'Must be at least 1 character long.'))
        .refine(atMost(50), 'Must have at most 50 items.'),
      listEdit,
    ])
    .optional()
    .describe('Logins or uids; a list replaces, {add, remove} edits.'),
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
