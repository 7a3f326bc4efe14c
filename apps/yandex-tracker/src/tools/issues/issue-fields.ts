/**
 * The writable issue fields shared by create and update, and their API body (research §3.3). Every
 * field that names something is declared (core's guarded path resolves it before anything is sent):
 * type, priority, people, components (of the issue's queue), sprints, the deadline (a real calendar
 * date), and the keys of `customFields` (fields of the issue's queue).
 */
import { custom, emptyMeans, ref, type Moment } from '@toolsmith/core';
import { z } from 'zod';
import { atMost, dateParam, filled, listChange, userRef } from '../shared/params.ts';

const tag = () => z.string().refine(filled, 'Must be at least 1 character long.');

/** The fields of create (`update`: "" clears the description). */
export const issueFieldsShape = (mode: 'create' | 'update') => {
  const description = z
    .string()
    .refine(atMost(100_000), 'Must be at most 100000 characters long.')
    .optional()
    .describe('Text in Tracker markup (Markdown with `markdown`).');
  return {
    description: mode === 'update' ? emptyMeans(description, 'clear') : description,
    markdown: z.boolean().optional().describe('`description` is Markdown.'),
    type: ref('issuetype').optional().describe('Issue type key, e.g. bug.'),
    priority: ref('priority').optional().describe('Priority key, e.g. critical.'),
    assignee: userRef().optional().describe('Login or uid.'),
    followers: z
      .array(userRef())
      .refine(atMost(50), 'Must have at most 50 items.')
      .optional()
      .describe('Logins or uids.'),
    tags: z.array(tag()).refine(atMost(50), 'Must have at most 50 items.').optional().describe('Tags.'),
    components: z
      .array(ref('component', { id: 'either' }))
      .refine(atMost(20), 'Must have at most 20 items.')
      .optional()
      .describe('Component ids or names.'),
    sprint: z
      .array(ref('sprint', { id: 'either' }))
      .refine(atMost(5), 'Must have at most 5 items.')
      .optional()
      .describe('Sprint ids or names.'),
    deadline: dateParam().optional(),
    storyPoints: z.number().min(0).max(1000).optional().describe('Story points.'),
    customFields: custom(
      z.record(z.string().refine(filled, 'Must be at least 1 character long.'), z.unknown()).optional(),
      'customFields',
    ).describe('Other fields by id or local key (tracker_get_queue_fields).'),
  };
};

/** Tags and followers of an update: a list replaces, `{add, remove}` edits. */
export const issueListEdits = () => ({
  tags: listChange(tag).optional().describe('A list replaces; {add, remove} edits.'),
  followers: listChange(userRef).optional().describe('Logins or uids; a list replaces, {add, remove} edits.'),
});

type ListValue = string[] | { add?: string[] | undefined; remove?: string[] | undefined };

type Fields = {
  description?: string | undefined;
  markdown?: boolean | undefined;
  type?: string | undefined;
  priority?: string | undefined;
  assignee?: string | undefined;
  followers?: ListValue | undefined;
  tags?: ListValue | undefined;
  components?: Array<number | string> | undefined;
  sprint?: Array<number | string> | undefined;
  deadline?: Moment | undefined;
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
    'storyPoints',
  ] as const) {
    const value = params[key];
    if (value !== undefined) body[key] = value;
  }
  if (params.deadline !== undefined) body['deadline'] = params.deadline.date;
  if (params.markdown) body['markupType'] = 'md';
  return { ...params.customFields, ...body };
}
