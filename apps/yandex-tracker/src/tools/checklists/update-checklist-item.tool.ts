import {
  ApiError,
  buildToolName,
  defineToolMetadata,
  lazySchema,
  nullMeans,
  ValidationError,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toChecklistItem } from '../../api/dto/checklist-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { atMost, filled, issueIdParam, userRef } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import {
  checklistItemIdParam,
  checklistPath,
  deadlineBody,
  deadlineParam,
  itemNotFound,
  type IssueWithChecklist,
} from './checklist-common.ts';

const UpdateChecklistItemParams = lazySchema(() =>
  z.object({
    issueId: issueIdParam,
    checklistItemId: checklistItemIdParam(),
    text: z
      .string()
      .trim()
      .refine(filled, 'Must be at least 1 character long.')
      .refine(atMost(10_000), 'Must be at most 10000 characters long.')
      .optional()
      .describe('Item text.'),
    checked: z.boolean().optional().describe('Done or not.'),
    assignee: nullMeans(userRef().nullable().optional(), 'unset').describe('Login or uid; null unassigns.'),
    deadline: nullMeans(deadlineParam().nullable().optional(), 'clear').describe('YYYY-MM-DD; null clears.'),
  }),
);

export class UpdateChecklistItemTool extends TrackerTool<typeof UpdateChecklistItemParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('update_checklist_item', TOOL_PREFIX),
    description: 'Change a checklist item; only the given fields change.',
    category: 'checklists',
    toolset: 'checklists',
    tags: ['checklist', 'todo', 'item', 'check', 'tick', 'update', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = UpdateChecklistItemParams;

  async execute(params: ParamsOf<typeof UpdateChecklistItemParams>, ctx: TrackerCtx) {
    const body: Record<string, unknown> = {};
    if (params.text !== undefined) body['text'] = params.text;
    if (params.checked !== undefined) body['checked'] = params.checked;
    if (params.assignee !== undefined) body['assignee'] = params.assignee;
    if (params.deadline !== undefined)
      body['deadline'] = params.deadline === null ? null : deadlineBody(params.deadline);
    if (Object.keys(body).length === 0) {
      throw new ValidationError({
        issues: [
          {
            field: '',
            message: 'changes nothing. Pass at least one of `text`, `checked`, `assignee` or `deadline`.',
          },
        ],
      });
    }
    let issue: IssueWithChecklist;
    try {
      issue = await ctx.deps.client.patch<IssueWithChecklist>(
        `${checklistPath(params.issueId)}/${encodeURIComponent(params.checklistItemId)}`,
        { json: body, signal: ctx.signal },
      );
    } catch (error) {
      if (ApiError.isInstance(error) && error.status === 422 && /assignee/i.test(error.message)) {
        error.message = `${error.message} Use an existing user's login or uid for \`assignee\` (find it with tracker_find_users).`;
      }
      throw itemNotFound(error, params.issueId, params.checklistItemId);
    }
    // The API answers with the whole issue: pick the item out of it.
    const item = issue.checklistItems?.find((i) => i.id === params.checklistItemId);
    return { issueId: params.issueId, ...(item ? { item: toChecklistItem(item) } : {}) };
  }
}
