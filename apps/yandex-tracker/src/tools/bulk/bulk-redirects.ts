/**
 * Fields a bulk change cannot set in `values` (the API answers "Unknown field" or a 422), and the
 * call that changes them instead: the status through a bulk transition, the resolution with it, the
 * queue through a bulk move. Checked before anything is sent.
 */
import { ValidationError, type FieldIssue, type ParamsValidation } from '@toolsmith/core';

export type BulkAction = 'update' | 'transition' | 'move';

function transitionHow(issueId: string): string {
  return `tracker_get_issue_transitions {"issueId": "${issueId}"} lists the transitions available to an issue and the status each leads to`;
}

/** Where each field is changed instead, for each bulk tool. */
function elsewhere(action: BulkAction, field: string, issueId: string): string | undefined {
  switch (field) {
    case 'status':
      return action === 'transition'
        ? `is not a field: the status is what the transition sets. Pass as \`transitionId\` the transition that leads to the status you want (${transitionHow(issueId)}).`
        : `is not a field: statuses change only through workflow transitions. Call tracker_bulk_transition_issues with the same \`issueIds\` and a \`transitionId\` — ${transitionHow(issueId)}, e.g. {"issueIds": ["${issueId}"], "transitionId": "close"}. Fields to change at the same time go in its \`values\`.`;
    case 'resolution':
      return action === 'transition'
        ? 'goes in the top-level `resolution` parameter, not in `values`, e.g. {"transitionId": "close", "resolution": "fixed"}.'
        : `is not a field: the resolution is set by a transition into a done status. Call tracker_bulk_transition_issues with \`transitionId\` and \`resolution\`, e.g. {"issueIds": ["${issueId}"], "transitionId": "close", "resolution": "fixed"} (${transitionHow(issueId)}).`;
    case 'queue':
      return action === 'move'
        ? 'is not a field here: the target queue is the top-level `targetQueueId`, e.g. "OPS".'
        : 'is not a field: moving issues to another queue is tracker_bulk_move_issues with `targetQueueId`, e.g. "OPS".';
    default:
      return undefined;
  }
}

/**
 * The schema's "Unknown field." for `values.status` (or `resolution`, `queue`, also under
 * `values.customFields`) replaced with where that field is changed instead.
 */
export function redirectBulkFields<T>(
  result: ParamsValidation<T>,
  args: unknown,
  action: BulkAction,
  toolName: string,
): ParamsValidation<T> {
  if (args === null || typeof args !== 'object') return result;
  const { values, issueIds } = args as { values?: unknown; issueIds?: unknown };
  if (values === null || typeof values !== 'object' || Array.isArray(values)) return result;
  const firstIssue = Array.isArray(issueIds) && typeof issueIds[0] === 'string' ? issueIds[0] : 'DEMO-1';
  const custom = (values as { customFields?: unknown }).customFields;
  const found: FieldIssue[] = [];
  for (const [at, object] of [
    ['values', values],
    ['values.customFields', custom],
  ] as const) {
    if (object === null || typeof object !== 'object' || Array.isArray(object)) continue;
    for (const field of Object.keys(object)) {
      const message = elsewhere(action, field, firstIssue);
      if (message) found.push({ field: `${at}.${field}`, message });
    }
  }
  if (found.length === 0) return result;
  const others = result.success
    ? []
    : result.error.issues.filter((issue) => !found.some((f) => f.field === issue.field));
  return { success: false, error: new ValidationError({ toolName, issues: [...found, ...others] }) };
}
