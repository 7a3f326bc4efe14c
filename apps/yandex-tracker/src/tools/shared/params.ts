/**
 * The one vocabulary of identifiers across all Tracker tools (the anchor server had five names for
 * the issue id): `issueId` / `issueIds` (a key like DEMO-12 or the 24-digit id), `queueId`,
 * `transitionId`, `commentId`, `worklogId`, `attachmentId`, `checklistItemId`, `linkId`,
 * `componentId`, `projectId`, `boardId`, `sprintId`, `userId`, `operationId`; lists page with
 * `perPage` + `cursor`.
 */
import {
  change,
  cursorParam as coreCursorParam,
  perPageParam as corePerPageParam,
  ref,
  when,
} from '@toolsmith/core';
import { z } from 'zod';

export const ISSUE_KEY_PATTERN = /^[A-Z][A-Z0-9]*-\d+$/;
const ISSUE_ID_PATTERN = /^(?:[A-Z][A-Z0-9]*-\d+|[0-9a-f]{24})$/;

// Formats are checked with refinements, not `pattern`s: the check and its recovery message stay, and
// the definition an agent reads on every turn says what a value looks like in the description
// (issue 15 §1, ADR 0018).
/**
 * A non-empty string or list, and a length limit: checked on every call with a message that says what
 * to send, but not shown in the definition, where `minLength: 1` and `maxItems` on most parameters cost
 * an agent tokens on every turn and tell it nothing it would get wrong (ADR 0018).
 */
export const filled = (value: { length: number }) => value.length > 0;
export const atMost = (max: number) => (value: { length: number }) => value.length <= max;

/** An issue key or id, undescribed: the items of an issue list (the list's description says it). */
export const issueRef = z
  .string()
  .refine(
    (value) => ISSUE_ID_PATTERN.test(value),
    'Use an issue key such as "DEMO-12" (queue key in upper case, a dash, the number) or the 24-character issue id.',
  );

export const issueIdParam = issueRef.describe('Issue key, e.g. DEMO-12.');

export const issueIdsParam = (max = 50) =>
  z
    .array(issueRef)
    .refine(filled, 'Must have at least 1 item.')
    .refine(atMost(max), `Must have at most ${max} items.`)
    .describe('Issue keys, e.g. DEMO-1.');

/**
 * A queue key: checked against the organisation's queues before anything is sent (a name or lower
 * case becomes the key, and the answer says so; anything else is refused with the valid keys).
 */
export const queueIdParam = ref('queue').describe('Queue key, e.g. DEMO.');

/** A user: login or uid exact; an e-mail, a display name, another case or "me" becomes the login. */
export const userRef = () => ref('user');

/** A string of at least one character, with the message every Tracker tool gives. */
export const filledString = () => z.string().refine(filled, 'Must be at least 1 character long.');

/** `version` of an update: the optimistic lock from the object's last read. */
export const versionParam = z.number().int().positive().optional().describe('`version` from your read.');

/** The new name of a queue, project or component (1–200 characters, trimmed). */
export const nameParam = (description: string) =>
  z
    .string()
    .trim()
    .refine(filled, 'Must be at least 1 character long.')
    .refine(atMost(200), 'Must be at most 200 characters long.')
    .optional()
    .describe(description);

/** A comment a transition adds (single or bulk). */
export const transitionCommentParam = filledString()
  .refine(atMost(100_000), 'Must be at most 100000 characters long.')
  .optional()
  .describe('Comment to add.');

/** The resolution a closing transition sets (single or bulk). */
export const resolutionParam = ref('resolution')
  .optional()
  .describe('Resolution key when closing, e.g. fixed.');

export const userIdParam = ref('user').describe('Login or uid.');

/** `perPage` + `cursor`: core's paging parameters, bounds checked on the call (ADR 0018). */
export const perPageParam = (max = 100, fallback = 50) => corePerPageParam({ max, fallback });

export const cursorParam = coreCursorParam();

/**
 * `fields` (BaseTool projects the result to these paths): what it does is said once in the server
 * instructions, so the definition only shows what a path looks like here.
 */
export const fieldsOf = (example: string) =>
  z
    .array(z.string())
    .refine(
      (paths) => paths.length > 0 && paths.every((path) => path.length > 0),
      'List one or more dot paths, e.g. ["key", "status.key"], or leave `fields` out for the compact view.',
    )
    .optional()
    .describe(`Dot paths, e.g. ${example}.`);

/**
 * A calendar date (`YYYY-MM-DD`; words such as "next Friday" are read in the user's zone and
 * announced). Resolves to a Moment: write `moment.date`.
 */
export const dateParam = (description = 'YYYY-MM-DD.') => when({ precision: 'date' }).describe(description);

/**
 * A point in time: ISO 8601 with an offset, or without one (read in the user's Tracker time zone,
 * announced), or words. Resolves to a Moment: write it with `momentDateTime`.
 */
export const dateTimeParam = (description = 'ISO 8601, e.g. 2026-11-21T10:00:00+03:00.') =>
  when().describe(description);

/**
 * A list field: a plain list REPLACES it, `{add, remove}` edits it (research §3.3). Other operation
 * names (`{delete: […]}`) are refused naming these two, never stripped into a no-op.
 */
export const listChange = <T extends z.ZodType>(item: () => T, max = 50) =>
  change(
    z.union([
      z.array(item()).refine(atMost(max), `Must have at most ${max} items.`),
      z.object({
        add: z.array(item()).refine(atMost(max), `Must have at most ${max} items.`).optional(),
        remove: z.array(item()).refine(atMost(max), `Must have at most ${max} items.`).optional(),
      }),
    ]),
    { operations: ['add', 'remove'], flat: 'replace' },
  );
