import {
  ApiError,
  buildToolName,
  defineToolMetadata,
  lazySchema,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toChecklistItem } from '../../api/dto/checklist-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { atMost, filled, issueIdParam, userRef } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { checklistPath, deadlineBody, deadlineParam, type IssueWithChecklist } from './checklist-common.ts';

const AddChecklistItemParams = lazySchema(() =>
  z.object({
    issueId: issueIdParam,
    text: z
      .string()
      .trim()
      .refine(filled, 'Must be at least 1 character long.')
      .refine(atMost(10_000), 'Must be at most 10000 characters long.')
      .describe('Item text.'),
    checked: z.boolean().optional().describe('Already done.'),
    assignee: userRef().optional().describe('Login or uid.'),
    deadline: deadlineParam().optional().describe('YYYY-MM-DD.'),
  }),
);

export class AddChecklistItemTool extends TrackerTool<typeof AddChecklistItemParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('add_checklist_item', TOOL_PREFIX),
    description: "Add an item to an issue's checklist.",
    category: 'checklists',
    toolset: 'checklists',
    tags: ['checklist', 'todo', 'item', 'add', 'create', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = AddChecklistItemParams;

  protected override outcomeCheck(params: ParamsOf<typeof AddChecklistItemParams>): OutcomeCheck {
    return {
      done: `the item was added to the checklist of ${params.issueId}`,
      tool: buildToolName('get_checklist', TOOL_PREFIX),
      args: { issueId: params.issueId },
      lookFor: `an item ${JSON.stringify(params.text)} at the end`,
    };
  }

  async execute(params: ParamsOf<typeof AddChecklistItemParams>, ctx: TrackerCtx) {
    const body = {
      text: params.text,
      ...(params.checked !== undefined ? { checked: params.checked } : {}),
      ...(params.assignee !== undefined ? { assignee: params.assignee } : {}),
      ...(params.deadline !== undefined ? { deadline: deadlineBody(params.deadline) } : {}),
    };
    let issue: IssueWithChecklist;
    try {
      // The API answers with the whole issue, not the item.
      issue = await ctx.deps.client.post<IssueWithChecklist>(checklistPath(params.issueId), {
        json: body,
        signal: ctx.signal,
      });
    } catch (error) {
      if (ApiError.isInstance(error) && error.status === 422 && /assignee/i.test(error.message)) {
        error.message = `${error.message} Use an existing user's login or uid for \`assignee\` (find it with tracker_find_users).`;
      }
      throw error;
    }
    const items = issue.checklistItems ?? [];
    // New items are appended: the last item with this text is the one just added.
    const added = [...items].reverse().find((i) => i.text === params.text) ?? items.at(-1);
    return {
      issueId: params.issueId,
      ...(added ? { item: toChecklistItem(added) } : {}),
      checklistSize: items.length,
    };
  }
}
