/**
 * Params shared by the bulk tools: the issue list (capped by YANDEX_TRACKER_MAX_BATCH at run time),
 * `notify`, and the field values a bulk change sets, with their API body (research §3.3: a list
 * replaces, `{add, remove}` edits, `null` clears).
 */
import { ValidationError } from '@toolsmith/core';
import { z } from 'zod';
import { dateParam, issueIdParam } from '../shared/params.ts';

/** The config's hard ceiling (YANDEX_TRACKER_MAX_BATCH is 1–1000); the configured cap is checked at run time. */
const MAX_BATCH_CEILING = 1000;

export const bulkIssueIdsParam = z
  .array(issueIdParam)
  .min(1)
  .max(MAX_BATCH_CEILING)
  .describe('Issue keys, e.g. ["DEMO-1", "DEMO-2"]; at most YANDEX_TRACKER_MAX_BATCH (default 50).');

export const notifyParam = z.boolean().optional().describe("Notify the issues' people. Default: no.");

const listEdit = z
  .object({
    add: z.array(z.string().min(1)).max(50).optional(),
    remove: z.array(z.string().min(1)).max(50).optional(),
  })
  .strict();

export const bulkValuesSchema = z
  .object({
    summary: z.string().trim().min(1).max(1000).optional().describe('Title.'),
    description: z.string().max(100_000).optional().describe('Description.'),
    markdown: z.boolean().optional().describe('`description` is Markdown.'),
    type: z.string().min(1).optional().describe('Issue type key, e.g. "bug".'),
    priority: z.string().min(1).optional().describe('Priority key, e.g. "critical".'),
    assignee: z.string().min(1).nullable().optional().describe('Login or uid; null unassigns.'),
    tags: z
      .union([z.array(z.string().min(1)).max(50), listEdit])
      .optional()
      .describe('A list replaces them; {add, remove} edits.'),
    followers: z
      .union([z.array(z.string().min(1)).max(50), listEdit])
      .optional()
      .describe('Logins or uids; a list replaces them, {add, remove} edits.'),
    components: z
      .array(z.union([z.number().int(), z.string().min(1)]))
      .max(20)
      .optional()
      .describe('Component ids or names; [] clears.'),
    deadline: dateParam.nullable().optional().describe('YYYY-MM-DD; null clears.'),
    customFields: z
      .record(z.string().min(1), z.unknown())
      .optional()
      .describe('Other fields by id or local key, e.g. {"storyPoints": 3}.'),
  })
  .strict()
  .describe('Fields to set, e.g. {"priority": "critical", "tags": {"add": ["backend"]}}.');

/**
 * `values` of the move and transition tools: the same fields, checked against the same schema on every
 * call, but listed once (in tracker_bulk_update_issues) instead of three times (ADR 0018).
 */
export const bulkValuesRef = z.record(z.string(), z.unknown()).pipe(bulkValuesSchema);

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
    if (value !== undefined) {
      body[key] = key === 'deadline' && typeof value === 'string' ? value.slice(0, 10) : value;
    }
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
