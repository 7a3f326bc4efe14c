/**
 * The ClickUp error body `{ err, ECODE }` (research §2.3) as one readable message: ClickUp's words,
 * its code, and — for the codes agents hit — what the code means and how to recover.
 */
import type { ParseApiError } from '@toolsmith/core';

/** What a code means, written as what to do next. Codes outside the table keep ClickUp's words. */
export const ECODE_EXPLANATIONS: Readonly<Record<string, string>> = {
  OAUTH_017: 'The request carried no token. Set CLICKUP_API_TOKEN to a personal token (pk_…).',
  OAUTH_019: 'The token is not valid (revoked or mistyped). Create a new one and set CLICKUP_API_TOKEN.',
  OAUTH_021: 'The token is not valid (revoked or mistyped). Create a new one and set CLICKUP_API_TOKEN.',
  OAUTH_025: 'The token is not valid (revoked or mistyped). Create a new one and set CLICKUP_API_TOKEN.',
  OAUTH_077: 'The token is not valid (revoked or mistyped). Create a new one and set CLICKUP_API_TOKEN.',
  OAUTH_023:
    'The token has no access to this workspace — or a custom task id (DEV-123) was sent without custom_task_ids=true&team_id (this server adds them; check the id and CLICKUP_TEAM_ID).',
  OAUTH_026:
    'The token has no access to this workspace — or a custom task id was sent without the custom-id flag. Check the id and CLICKUP_TEAM_ID.',
  OAUTH_027:
    'The token has no access to this workspace — or a custom task id was sent without the custom-id flag. Check the id and CLICKUP_TEAM_ID.',
  OAUTH_171:
    'A webhook for the same endpoint and location already exists (whatever its events). Find it with clickup_list_webhooks and change it with clickup_update_webhook.',
  GBUSED_005: "The workspace's storage is full: delete attachments or upgrade the plan, then upload again.",
  FIELD_033:
    "The workspace's plan has used up its custom field writes (Free Forever allows 60 in total). Nothing was changed.",
  FIELD_011:
    'A drop-down value must be an option id (UUID) or orderindex, not its label. Call clickup_list_custom_fields for the options.',
  FIELD_017: 'The date is not valid: send milliseconds since the epoch, or an ISO date this server converts.',
  FIELD_115:
    "The custom field is not on this task's list, folder or space. Call clickup_list_custom_fields with the task's list for the fields it has.",
  FIELD_342:
    'The value does not fit the custom field type. Call clickup_list_custom_fields for the type and options.',
  ITEM_114: "The status does not exist on this task's list. Call clickup_get_list for the list's statuses.",
  ITEM_137: 'A subtask must be in the same list as its parent. Create it in the parent task’s list.',
  ITEM_246: "The workspace's plan has used up its custom task types.",
  INPUT_003:
    'A list id is a number (e.g. 901510000001), not a list name or a view or form slug. Find it with clickup_get_lists or clickup_get_hierarchy.',
  INPUT_004:
    'The task id is malformed. Use the task id ("86b4bnnny"), its custom id ("DEV-123"), "CU-86b4bnnny" or the task URL; find tasks with clickup_search_tasks.',
};

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const parseClickUpError: ParseApiError = (body) => {
  if (!isRecord(body)) {
    if (typeof body === 'string' && body.trim() !== '' && !body.trim().startsWith('<')) {
      return { message: body.trim().split('\n')[0]!.slice(0, 300) };
    }
    return undefined;
  }
  const said =
    typeof body['err'] === 'string'
      ? body['err']
      : typeof body['message'] === 'string'
        ? body['message']
        : '';
  const code = typeof body['ECODE'] === 'string' ? body['ECODE'] : undefined;
  if (!said && !code) return undefined;
  const explained = code ? ECODE_EXPLANATIONS[code] : undefined;
  const message = [said ? `${said}${code ? ` (${code})` : ''}.` : `${code}.`, explained]
    .filter(Boolean)
    .join(' ');
  return { message, ...(code ? { apiCode: code } : {}) };
};
