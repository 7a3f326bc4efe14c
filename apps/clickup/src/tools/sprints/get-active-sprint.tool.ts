import { assumed, buildToolName, defineToolMetadata, lazySchema, when, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import { folderIdParam, teamIdParam } from '../shared/params.ts';
import { folderSprints } from './folder-sprints.ts';

export const GetActiveSprintParams = lazySchema(() =>
  z.object({
    folder_id: folderIdParam().describe('Sprint folder'),
    at: assumed(when().optional().describe('Another day'), 'now (at: another day)'),
    team_id: teamIdParam(),
  }),
);

export class GetActiveSprintTool extends ClickUpTool<typeof GetActiveSprintParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_active_sprint', TOOL_PREFIX),
    description:
      'The current sprint of a Sprint folder: the list whose start and due dates hold today; else the previous and next. Its tasks: clickup_get_list_tasks.',
    category: 'sprints',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetActiveSprintParams;

  async execute({ folder_id, at }: ParamsOf<typeof GetActiveSprintParams>, ctx: ClickUpCtx) {
    const moment = at?.epochMs ?? Date.now();
    const sprints = await folderSprints(ctx, folder_id, moment);
    return {
      active: sprints.active ?? null,
      ...(sprints.active
        ? {}
        : {
            note: `No sprint of this folder holds ${new Date(moment).toISOString()}.`,
            ...(sprints.previous ? { previous: sprints.previous } : {}),
            ...(sprints.next ? { next: sprints.next } : {}),
          }),
      sprints: sprints.count,
    };
  }
}
