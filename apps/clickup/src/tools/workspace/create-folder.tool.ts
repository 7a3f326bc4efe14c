import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toFolderDetail, type ApiFolder } from '../../api/dto/hierarchy-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { spaceIdParam, teamIdParam } from '../shared/params.ts';
import { spaceMissing } from './hierarchy-hints.ts';

export const CreateFolderParams = lazySchema(() =>
  z.object({
    space_id: spaceIdParam(),
    name: z.string().trim().min(1).describe('Folder name'),
    team_id: teamIdParam(),
  }),
);

export class CreateFolderTool extends ClickUpTool<typeof CreateFolderParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_folder', TOOL_PREFIX),
    description: 'Create a folder in a space. Returns { id, name, space, lists: [] }.',
    category: 'workspace',
    toolset: 'workspace_write',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = CreateFolderParams;

  protected override outcomeCheck({ space_id, name }: ParamsOf<typeof CreateFolderParams>): OutcomeCheck {
    return {
      done: 'the folder was created',
      tool: buildToolName('get_folders', TOOL_PREFIX),
      args: { space_id },
      lookFor: `a folder named ${JSON.stringify(name)}`,
    };
  }

  async execute({ space_id, name }: ParamsOf<typeof CreateFolderParams>, ctx: ClickUpCtx) {
    try {
      const folder = await ctx.deps.client.post<ApiFolder>(`/space/${space_id}/folder`, {
        json: { name },
        signal: ctx.signal,
      });
      ctx.deps.references.changed('folder');
      return toFolderDetail(folder);
    } catch (error) {
      throw spaceMissing(error);
    }
  }
}
