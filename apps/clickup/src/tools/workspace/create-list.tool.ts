import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toListDetail, type ApiList } from '../../api/dto/hierarchy-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { folderIdParam, spaceIdParam, teamIdParam } from '../shared/params.ts';
import { listParent } from './list-parent.ts';

export const CreateListParams = lazySchema(() =>
  z.object({
    folder_id: folderIdParam().optional().describe('In this folder'),
    space_id: spaceIdParam().optional().describe('Or: folderless in this space'),
    name: z.string().trim().min(1).describe('List name'),
    content: z.string().optional().describe('Description (markdown)'),
    team_id: teamIdParam(),
  }),
);

export class CreateListTool extends ClickUpTool<typeof CreateListParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_list', TOOL_PREFIX),
    description:
      'Create a list in a folder (folder_id) or folderless in a space (space_id). Returns it with the statuses it took from its space.',
    category: 'workspace',
    toolset: 'workspace_write',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = CreateListParams;

  protected override outcomeCheck(params: ParamsOf<typeof CreateListParams>): OutcomeCheck {
    return {
      done: 'the list was created',
      tool: buildToolName('get_lists', TOOL_PREFIX),
      args: params.folder_id !== undefined ? { folder_id: params.folder_id } : { space_id: params.space_id },
      lookFor: `a list named ${JSON.stringify(params.name)}`,
    };
  }

  async execute(params: ParamsOf<typeof CreateListParams>, ctx: ClickUpCtx) {
    const parent = listParent(params, ctx.toolName);
    const body = {
      name: params.name,
      ...(params.content !== undefined ? { markdown_content: params.content, content: params.content } : {}),
    };
    try {
      const list = await ctx.deps.client.post<ApiList>(`${parent.path}/list`, {
        json: body,
        signal: ctx.signal,
      });
      ctx.deps.references.changed('list');
      return toListDetail(list);
    } catch (error) {
      throw parent.missing(error);
    }
  }
}
