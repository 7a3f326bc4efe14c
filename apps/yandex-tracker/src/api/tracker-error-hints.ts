/**
 * Turns a Tracker API error into a recovery instruction that blames the right thing and names the
 * next step. Core's HTTP kit already says what the API said (`failed with HTTP 422: <errorMessages>;
 * <field>: <error>`) and adds a generic hint by status; this replaces that hint where the Tracker
 * body says more:
 *
 * - 404 for an issue ("Задача не существует."): no issue X; keys are case-sensitive; find issues with
 *   tracker_find_issues. A 404 for a comment, worklog or link of an existing issue is left alone.
 * - 404 for a queue ("Очередь «X» не существует."): list queues with tracker_get_queues.
 * - 403 "Organization is not available…": the organisation id or header is wrong, not the token's
 *   rights.
 * - 409: a conflict, never a temporary failure (agents otherwise retry it forever).
 * - 400/422 naming fields in `errors`: per field, where to find the valid values (the API does
 *   not list them): read-only fields, unknown fields, reference values, dates, list edits.
 *
 * The API's own words stay in the message (tools and tests match on them); only core's generic
 * sentence is replaced. Tools may append more specific hints of their own.
 */
import { ApiError, AuthError, NotFoundError } from '@toolsmith/core';

/** Appended to every 409: agents otherwise retry "не удалось сохранить изменения" forever. */
export const CONFLICT_HINT =
  'This is a conflict, not a temporary failure: the entity was changed by someone else since it was read (stale version), or it already exists. A blind retry will not help: read it again, then apply the change to the current version.';

/** Core's generic hints (map-http-error.ts), replaced when a Tracker-specific one applies. */
const GENERIC_HINTS = [
  'The resource does not exist or is not visible to this account; check the id or key (search or list to find the right one).',
  'The credentials were accepted but lack permission for this: check the token’s scopes and the account’s access to this resource.',
  'Fix the request parameters and call again.',
];

const ISSUE_PATH = /^\/v[23]\/issues\/([^/_][^/]*)(\/.*)?$/;
const MISSING_ISSUE = /задача не существует|issue (?:does )?not (?:exist|found)/i;
const MISSING_QUEUE = /очередь «([^»]+)» не существует|queue "?([^"\s]+)"? (?:does not exist|not found)/i;

/** Where the valid values of a reference field are listed. */
const VALUES_OF: Record<string, string> = {
  priority: 'valid priorities: tracker_get_priorities (keys such as normal, critical)',
  type: 'valid issue types: tracker_get_issue_types (keys such as task, bug)',
  resolution: 'valid resolutions: tracker_get_resolutions (keys such as fixed, wontFix)',
  assignee: 'users: tracker_find_users (login or uid)',
  followers: 'users: tracker_find_users (logins or uids)',
  lead: 'users: tracker_find_users (login or uid)',
  summonees: 'users: tracker_find_users (logins or uids)',
  components: "the queue's components: tracker_get_components",
  sprint: 'sprints: tracker_get_sprints',
  parent: 'issues: tracker_find_issues',
  issue: 'issues: tracker_find_issues',
  issues: 'issues: tracker_find_issues',
  queue: 'queues: tracker_get_queues',
  queues: 'queues: tracker_get_queues',
  transition: 'the transitions available now: tracker_get_issue_transitions',
  relationship: 'link types: tracker_get_link_types',
};

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

function errorsOf(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null) return {};
  const errors = (body as Record<string, unknown>)['errors'];
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return {};
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, String(v)]));
}

function withoutGenericHint(message: string): string {
  let text = message;
  for (const hint of GENERIC_HINTS) text = text.replace(` ${hint}`, '');
  return text;
}

function replaceHint(error: ApiError, hint: string): void {
  if (error.message.includes(hint)) return;
  error.message = `${withoutGenericHint(error.message)} ${hint}`;
}

/** What to do about one refused field of a 400/422, or undefined when there is nothing to add. */
function fieldStep(field: string, said: string, message: string): string | undefined {
  const text = `${said} ${message}`;
  if (
    /только для чтения|read-?only/i.test(said) ||
    new RegExp(`Поля \\[${field}\\] только для чтения`).test(message)
  ) {
    return field === 'status'
      ? '`status` is read-only: change it with a transition (tracker_get_issue_transitions lists them, tracker_transition_issue runs one)'
      : `\`${field}\` is read-only: leave it out`;
  }
  if (/неизвестное поле|unknown field|не существует/i.test(said)) {
    return `\`${field}\` is not a field here: tracker_get_queue_fields lists the queue's fields (local ones by their key)`;
  }
  if (/операци|operation/i.test(said)) {
    return `\`${field}\` takes a list, or an edit object with add, remove, set or replace ([{target, replacement}])`;
  }
  if (/дат|date/i.test(text) && /некорректн|invalid|ожидается/i.test(text)) {
    return `\`${field}\` needs a real date: YYYY-MM-DD, or a date-time such as 2026-11-21T10:00:00.000+0300`;
  }
  if (/длительност|duration/i.test(text)) {
    return `\`${field}\` needs an ISO 8601 duration such as PT1H30M, P1D or P1W (business time: 1 day = 8 hours)`;
  }
  const values = VALUES_OF[field];
  return values === undefined ? undefined : `\`${field}\`: see ${values}`;
}

/** Rewrites the hint of an API error from the Tracker body; returns the same error. */
export function explainTrackerError<E>(error: E): E {
  if (!ApiError.isInstance(error)) return error;
  const path = pathOf(error.url);
  const status = error.status;

  if (status === 409) {
    if (!error.message.includes(CONFLICT_HINT)) error.message = `${error.message} ${CONFLICT_HINT}`;
    return error;
  }

  if (status === 404 && NotFoundError.isInstance(error)) {
    const issue = ISSUE_PATH.exec(path);
    if (issue && (MISSING_ISSUE.test(error.message) || (issue[2] === undefined && error.method === 'GET'))) {
      const key = decodeURIComponent(issue[1]!);
      const upper = key.toUpperCase();
      const caseHint =
        key !== upper && /^[a-z][a-z0-9]*-\d+$/i.test(key)
          ? ` Issue keys are case-sensitive: did you mean ${upper}?`
          : ' Issue keys are case-sensitive (DEMO-12, not demo-12).';
      replaceHint(
        error,
        `No issue ${key} exists or is visible to this account.${caseHint} Find issues with tracker_find_issues.`,
      );
      return error;
    }
    const queue = MISSING_QUEUE.exec(error.message);
    if (queue) {
      const key = queue[1] ?? queue[2]!;
      replaceHint(
        error,
        `No queue ${key} exists or is visible to this account (queue keys are case-sensitive). List queues with tracker_get_queues.`,
      );
    }
    return error;
  }

  if (status === 403 && AuthError.isInstance(error) && /organization is not available/i.test(error.message)) {
    replaceHint(
      error,
      'The organisation is wrong, not the token’s rights: check YANDEX_ORG_ID (Yandex 360, sent as X-Org-ID) or YANDEX_CLOUD_ORG_ID (Yandex Cloud, sent as X-Cloud-Org-ID) — exactly one, with the id from Administration → Organizations. The user must relay this to the server operator.',
    );
    return error;
  }

  if (status === 400 || status === 422) {
    const errors = errorsOf(error.body);
    const steps = Object.entries(errors)
      .map(([field, said]) => fieldStep(field, said, error.message))
      .filter((step): step is string => step !== undefined);
    if (steps.length > 0) {
      const fields = Object.keys(errors).join(', ');
      replaceHint(
        error,
        `The API refused ${Object.keys(errors).length === 1 ? 'the field' : 'the fields'} ${fields} (the request was not applied). ${steps.join('; ')}.`,
      );
    }
  }
  return error;
}
