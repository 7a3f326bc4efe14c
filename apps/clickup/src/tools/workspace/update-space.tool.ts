import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  ValidationError,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toSpaceDetail, type ApiSpace } from '../../api/dto/hierarchy-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { spaceIdParam, teamIdParam } from '../shared/params.ts';
import { spaceMissing } from './hierarchy-hints.ts';

export const UpdateSpaceParams = lazySchema(() =>
  z.object({
    space_id: spaceIdParam(),
    name: z.string().trim().min(1).optional().describe('New name'),
    private: z.boolean().optional().describe('Private to its members'),
    multiple_assignees: z.boolean().optional().describe('Allow several assignees per task'),
    team_id: teamIdParam(),
  }),
);

export class UpdateSpaceTool extends ClickUpTool<typeof UpdateSpaceParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('update_space', TOOL_PREFIX),
    description: 'Rename a space or change its privacy or multiple assignees. Returns the space.',
    category: 'workspace',
    toolset: 'workspace_write',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = UpdateSpaceParams;

  async execute({ space_id, ...changes }: ParamsOf<typeof UpdateSpaceParams>, ctx: ClickUpCtx) {
    const body = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    if (Object.keys(body).length === 0) {
      throw new ValidationError({
        toolName: ctx.toolName,
        issues: [{ field: 'name', message: 'Nothing to change: pass name, private or multiple_assignees.' }],
      });
    }
    try {
      const space = await ctx.deps.client.put<ApiSpace>(`/space/${space_id}`, {
        json: body,
        signal: ctx.signal,
      });
      ctx.deps.references.changed('space');
      return toSpaceDetail(space);
    } catch (error) {
      throw spaceMissing(error);
    }
  }
}
