/**
 * Params shared by the bulk tools: the issue list (capped by YANDEX_TRACKER_MAX_BATCH at run time),
 * `notify`, and the field values a bulk change sets, with their API body (research §3.3: a list
 * replaces, `{add, remove}` edits, `null` clears).
 */
import {
  change,
  custom,
  emptyMeans,
  nullMeans,
  ref,
  ValidationError,
  when,
  type Moment,
} from '@toolsmith/core';
import { z } from 'zod';
import { atMost, filled, issueRef, userRef } from '../shared/params.ts';
import { registerNested } from '../shared/resolvers.ts';

/** The config's hard ceiling (YANDEX_TRACKER_MAX_BATCH is 1–1000); the configured cap is checked at run time. */
const MAX_BATCH_CEILING = 1000;

export const bulkIssueIdsParam = z
  .array(issueRef)
  .refine(filled, 'Must have at least 1 item.')
  .refine(atMost(MAX_BATCH_CEILING), `Must have at most ${MAX_BATCH_CEILING} items.`)
  .describe('Issue keys, e.g. DEMO-1; at most YANDEX_TRACKER_MAX_BATCH (default 50).');

export const notifyParam = z.boolean().optional().describe('Notify participants (default false).');

const tag = () => z.string().refine(filled, 'Must be at least 1 character long.');

/** A list field of `values`: a list replaces, `{add, remove}` edits (strict: `{delete}` is refused). */
const listField = <T extends z.ZodType>(item: () => T) =>
  change(
    z.union([
      z.array(item()).refine(atMost(50), 'Must have at most 50 items.'),
      z
        .object({
          add: z.array(item()).refine(atMost(50), 'Must have at most 50 items.').optional(),
          remove: z.array(item()).refine(atMost(50), 'Must have at most 50 items.').optional(),
        })
        .strict(),
    ]),
    { operations: ['add', 'remove'], flat: 'replace' },
  );

/**
 * The values of a bulk change, declared in full: core's guarded path resolves them as it does
 * top-level fields (resolvers.ts `bulkValues`), with paths under `values.`.
 */
export const bulkValuesSchema = z
  .object({
    summary: z
      .string()
      .trim()
      .refine(filled, 'Must be at least 1 character long.')
      .refine(atMost(1000), 'Must be at most 1000 characters long.')
      .optional()
      .describe('Title.'),
    description: emptyMeans(
      z.string().refine(atMost(100_000), 'Must be at most 100000 characters long.').optional(),
      'clear',
    ).describe('Description.'),
    markdown: z.boolean().optional().describe('`description` is Markdown.'),
    type: ref('issuetype').optional().describe('Issue type key, e.g. bug.'),
    priority: ref('priority').optional().describe('Priority key, e.g. critical.'),
    assignee: nullMeans(userRef().nullable().optional(), 'unset').describe('Login or uid; null unassigns.'),
    tags: listField(tag).optional().describe('A list replaces; {add, remove} edits.'),
    followers: listField(userRef)
      .optional()
      .describe('Logins or uids; a list replaces, {add, remove} edits.'),
    components: z
      .array(ref('component', { id: 'either' }))
      .refine(atMost(20), 'Must have at most 20 items.')
      .optional()
      .describe('Component ids or names.'),
    deadline: nullMeans(when({ precision: 'date' }).nullable().optional(), 'clear').describe(
      'YYYY-MM-DD; null clears.',
    ),
    customFields: custom(
      z.record(z.string().refine(filled, 'Must be at least 1 character long.'), z.unknown()).optional(),
      'customFields',
    ).describe('Other fields by id or local key.'),
  })
  .strict()
  .describe('Fields to set, e.g. {"priority": "critical", "tags": {"add": ["x"]}}.');

registerNested('bulkValues', () => bulkValuesSchema);

/**
 * `values` as the bulk tools list it: an object whose fields tracker_bulk_update_issues names in one
 * line, checked against `bulkValuesSchema` on every call (a wrong key or value is refused with its
 * path), instead of the nested schema three times (ADR 0018).
 */
export const bulkValuesRef = custom(z.record(z.string(), z.unknown()).pipe(bulkValuesSchema), 'bulkValues');

export const BULK_VALUES_FIELDS =
  'summary, description, markdown, type, priority, assignee, tags, followers, components, deadline (YYYY-MM-DD), customFields {id: value}; null clears assignee or deadline; tags and followers: a list replaces, {add, remove} edits.';

export type BulkValues = z.output<typeof bulkValuesSchema>;

/** The API body of `values` (explicit fields win over `customFields`). */
export function bulkValuesBody(values: BulkValues | undefined): Record<string, unknown> {
  if (!values) return {};
  const body: Record<string, unknown> = {};
  for (const key of [
    'summary',
    'description',
    'type',
    'priority',
    'assignee',
    'tags',
    'followers',
    'components',
    'deadline',
  ] as const) {
    const value = values[key];
    if (value !== undefined)
      body[key] = key === 'deadline' && value !== null ? (value as Moment).date : value;
  }
  if (values.markdown && values.description !== undefined) body['markupType'] = 'md';
  return { ...values.customFields, ...body };
}

/** Refuses more issues than YANDEX_TRACKER_MAX_BATCH before anything is sent. */
export function assertBatchSize(issueIds: readonly string[], max: number): void {
  if (issueIds.length > max) {
    throw new ValidationError({
      issues: [
        {
          field: 'issueIds',
          message: `has ${issueIds.length} items; this server takes at most ${max} per call (YANDEX_TRACKER_MAX_BATCH). Split the list into calls of ${max} or fewer.`,
        },
      ],
    });
  }
}
