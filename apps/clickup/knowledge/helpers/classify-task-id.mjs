/*
 * Task references (research §2.9, quirks #3 and #4).
 *
 * - Regular ids are lower-case alphanumerics: historically 6–9 characters ("9hz", "1vj37mc",
 *   "86b4bnnny"), but 10-character ids exist ("wdrv93ebwx") — NEVER validate the length.
 * - Custom task ids look like PREFIX-123 ("DEV-1234", "JOSH-917"). Every task-scoped v2 endpoint
 *   then needs `?custom_task_ids=true&team_id={workspace_id}`; without the flag ClickUp answers a
 *   misleading 401 "Team not authorized" (OAUTH_0xx) or 400 "Task ID invalid".
 * - UI / git integrations prefix regular ids with "CU-" ("CU-abc123"): strip it.
 * - Task URLs (https://app.clickup.com/t/8687096vn) carry the id after /t/.
 * - PREFIX_123 and PREFIX.123 are treated as custom by some clients (seeds; taazkareem docs) but
 *   ClickUp documents only the hyphen: they are classified custom with confidence "low".
 * - Anything else is "unknown": try it as a real id and, on 401/404, retry once with the flag.
 *
 * Custom ids are not accepted by Tasks-in-Multiple-Lists or any v3 endpoint (move task…):
 * resolve them to the real id first with GET /task/{custom}?custom_task_ids=true&team_id=….
 */

/**
 * @returns {{ input: unknown, id: string|null, kind: 'regular'|'custom'|'unknown'|'invalid',
 *            confidence: 'high'|'low', strippedPrefix: string|null, needsCustomTaskIds: boolean }}
 */
export function classifyTaskId(ref) {
  const result = {
    input: ref,
    id: null,
    kind: 'invalid',
    confidence: 'high',
    strippedPrefix: null,
    needsCustomTaskIds: false,
  };
  if (typeof ref === 'number' && Number.isInteger(ref) && ref > 0) ref = String(ref);
  if (typeof ref !== 'string') return result;
  let text = ref.trim();
  const url = /^https?:\/\/(?:app\.)?clickup\.com\/t\/(?:\d+\/)?([^/?#\s]+)\/?(?:[?#].*)?$/i.exec(text);
  if (url) text = decodeURIComponent(url[1]);
  if (text === '' || /\s/.test(text)) return result;

  const cu = /^cu-([0-9a-z]+)$/i.exec(text);
  if (cu && /[a-z]/i.test(cu[1]) && cu[1] === cu[1].toLowerCase()) {
    return Object.assign(result, { id: cu[1], kind: 'regular', strippedPrefix: text.slice(0, 3) });
  }
  if (/^[A-Za-z][A-Za-z0-9]*-\d+$/.test(text)) {
    return Object.assign(result, { id: text, kind: 'custom', needsCustomTaskIds: true });
  }
  if (/^[0-9a-z]+$/.test(text)) {
    return Object.assign(result, { id: text, kind: 'regular' });
  }
  if (/^[A-Za-z][A-Za-z0-9]*[_.]\d+$/.test(text)) {
    return Object.assign(result, { id: text, kind: 'custom', confidence: 'low', needsCustomTaskIds: true });
  }
  if (/^[A-Za-z0-9_.-]+$/.test(text)) {
    return Object.assign(result, { id: text, kind: 'unknown', confidence: 'low' });
  }
  return result;
}

/**
 * The id and query parameters to use for a task-scoped v2 request.
 * @returns {{ taskId: string|null, query: { custom_task_ids?: true, team_id?: string }, kind: string,
 *            missingTeamId: boolean }}
 */
export function taskRequestRef(ref, teamId) {
  const info = classifyTaskId(ref);
  const query = {};
  const team = teamId === undefined || teamId === null || teamId === '' ? null : String(teamId);
  if (info.needsCustomTaskIds) {
    query.custom_task_ids = true;
    if (team !== null) query.team_id = team;
  }
  return {
    taskId: info.id,
    query: query,
    kind: info.kind,
    missingTeamId: info.needsCustomTaskIds && team === null,
  };
}
