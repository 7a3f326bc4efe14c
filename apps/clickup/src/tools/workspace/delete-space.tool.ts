import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { spaceIdParam, teamIdParam } from '../shared/params.ts';
import { spaceMissing } from './hierarchy-hints.ts';

export const DeleteSpaceParams = lazySchema(() =>
  z.object({ space_id: spaceIdParam(), team_id: teamIdParam() }),
);

export class DeleteSpaceTool extends ClickUpTool<typeof DeleteSpaceParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('delete_space', TOOL_PREFIX),
    description: 'Delete a space with all its folders, lists and tasks. There is no undo.',
    category: 'workspace',
    toolset: 'workspace_write',
    requiresExplicitUserConsent: true,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = DeleteSpaceParams;

  async execute({ space_id }: ParamsOf<typeof DeleteSpaceParams>, ctx: ClickUpCtx) {
    try {
      await ctx.deps.client.delete(`/space/${space_id}`, { signal: ctx.signal });
    } catch (error) {
      throw spaceMissing(error);
    }
    ctx.deps.references.changed('space');
    return { spaceId: space_id, deleted: true };
  }
}
