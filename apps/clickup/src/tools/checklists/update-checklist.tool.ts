import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  ValidationError,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { hintOnNotFound } from '../shared/with-hint.ts';
import {
  CHECKLIST_NOT_FOUND_HINT,
  checklistIdParam,
  checklistNameParam,
  ChecklistTool,
} from './checklist-params.ts';
import { teamIdParam } from '../shared/params.ts';

export const UpdateChecklistParams = lazySchema(() =>
  z.object({
    checklist_id: checklistIdParam(),
    name: checklistNameParam().optional().describe('New name'),
    position: z.number().int().min(0).optional().describe("Place among the task's checklists, 0 first"),
    team_id: teamIdParam(),
  }),
);

export class UpdateChecklistTool extends ChecklistTool<typeof UpdateChecklistParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('update_checklist', TOOL_PREFIX),
    description: "Rename a checklist or move it among the task's checklists.",
    category: 'checklists',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = UpdateChecklistParams;

  async execute({ checklist_id, name, position }: ParamsOf<typeof UpdateChecklistParams>, ctx: ClickUpCtx) {
    if (name === undefined && position === undefined) {
      throw new ValidationError({
        toolName: ctx.toolName,
        issues: [{ field: '', message: 'changes nothing. Give name or position.' }],
      });
    }
    await hintOnNotFound(
      ctx.deps.client.put(`/checklist/${encodeURIComponent(checklist_id)}`, {
        json: { ...(name !== undefined ? { name } : {}), ...(position !== undefined ? { position } : {}) },
        signal: ctx.signal,
      }),
      CHECKLIST_NOT_FOUND_HINT,
    );
    return { updated: checklist_id };
  }
}
