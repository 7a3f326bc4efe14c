import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toSpaceDetail, type ApiSpace } from '../../api/dto/hierarchy-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { teamIdParam } from '../shared/params.ts';

export const CreateSpaceParams = lazySchema(() =>
  z.object({
    name: z.string().trim().min(1).describe('Space name'),
    multiple_assignees: z.boolean().default(true).describe('Allow several assignees per task'),
    team_id: teamIdParam(),
  }),
);

export class CreateSpaceTool extends ClickUpTool<typeof CreateSpaceParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_space', TOOL_PREFIX),
    description: 'Create a space in the workspace. Returns it with its default statuses and features.',
    category: 'workspace',
    toolset: 'workspace_write',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = CreateSpaceParams;

  protected override outcomeCheck({ name }: ParamsOf<typeof CreateSpaceParams>): OutcomeCheck {
    return {
      done: 'the space was created',
      tool: buildToolName('get_spaces', TOOL_PREFIX),
      lookFor: `a space named ${JSON.stringify(name)}`,
    };
  }

  async execute({ name, multiple_assignees }: ParamsOf<typeof CreateSpaceParams>, ctx: ClickUpCtx) {
    const team = await ctx.deps.client.teamId(ctx.signal);
    const space = await ctx.deps.client.post<ApiSpace>(`/team/${team}/space`, {
      json: { name, multiple_assignees },
      signal: ctx.signal,
    });
    ctx.deps.references.changed('space');
    return toSpaceDetail(space);
  }
}
