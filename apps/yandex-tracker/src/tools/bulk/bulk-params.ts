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
  .describe(
    'Issue keys to change, e.g. ["DEMO-1", "DEMO-2"]; at most YANDEX_TRACKER_MAX_BATCH per call (default 50).',
  );

export const notifyParam = z
  .boolean()
  .optional()
  .describe(
    "Notify the people in the issues' fields about the change, e.g. true. Default: the API's (no notifications).",
  );

const listEdit = z
  .object({
    add: z.array(z.string().min(1)).max(50).optional().describe('Values to add, e.g. ["backend"].'),
    remove: z.array(z.string().min(1)).max(50).optional().describe('Values to remove, e.g. ["old"].'),
  })
  .strict()
  .describe('Add or remove values and keep the rest, e.g. {"add": ["backend"], "remove": ["triage"]}.');

export const bulkValuesSchema = z
  .object({
    summary: z
      .string()
      .trim()
      .min(1)
      .max(1000)
      .optional()
      .describe('New title for every issue, e.g. "Retest after the release".'),
    description: z
      .string()
      .max(100_000)
      .optional()
      .describe('New description for every issue, e.g. "See the incident report."'),
    markdown: z
      .boolean()
      .optional()
      .describe('Treat `description` as Markdown, e.g. true (sends markupType "md").'),
    type: z
      .string()
      .min(1)
      .optional()
      .describe('Issue type key, e.g. "bug" (tracker_get_issue_types lists them).'),
    priority: z
      .string()
      .min(1)
      .optional()
      .describe('Priority key, e.g. "critical" (tracker_get_priorities lists them).'),
    assignee: z
      .string()
      .min(1)
      .nullable()
      .optional()
      .describe('Assignee login or uid, e.g. "bob"; null removes the assignee.'),
    tags: z
      .union([z.array(z.string().min(1)).max(50), listEdit])
      .optional()
      .describe('Tags: a list replaces them, e.g. ["backend"]; {"add": [...], "remove": [...]} edits them.'),
    followers: z
      .union([z.array(z.string().min(1)).max(50), listEdit])
      .optional()
      .describe('Followers (logins or uids): a list replaces them; {"add": ["carol"]} edits them.'),
    components: z
      .array(z.union([z.number().int(), z.string().min(1)]))
      .max(20)
      .optional()
      .describe('Component ids or names of the issues\' queue, e.g. [1] or ["Backend"]; [] clears them.'),
    deadline: dateParam.nullable().optional().describe('Deadline date, e.g. "2026-12-01"; null clears it.'),
    customFields: z
      .record(z.string().min(1), z.unknown())
      .optional()
      .describe(
        'Other fields by field id (global) or local field key, e.g. {"storyPoints": 3}. tracker_get_queue_fields lists them.',
      ),
  })
  .strict()
  .describe(
    'Fields to set on every issue, e.g. {"priority": "critical", "tags": {"add": ["backend"]}}. Status is not a field: change it with tracker_bulk_transition_issues.',
  );

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
