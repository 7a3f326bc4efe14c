import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  ValidationError,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toListDetail, type ApiList } from '../../api/dto/hierarchy-view.ts';
import { withMissingHint } from '../../api/not-found-hint.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { folderIdParam, spaceIdParam, teamIdParam } from '../shared/params.ts';
import { listParent } from '../workspace/list-parent.ts';

export const CreateListFromTemplateParams = lazySchema(() =>
  z.object({
    template_id: z.string().min(1).describe('"t-…"'),
    name: z.string().trim().min(1),
    folder_id: folderIdParam().optional(),
    space_id: spaceIdParam().optional(),
    team_id: teamIdParam(),
  }),
);

type Params = ParamsOf<typeof CreateListFromTemplateParams>;

export class CreateListFromTemplateTool extends ClickUpTool<typeof CreateListFromTemplateParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_list_from_template', TOOL_PREFIX),
    description: 'Create a list, with its tasks, from a list template in a folder or a space.',
    category: 'templates',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = CreateListFromTemplateParams;

  /** One parent, and a name its lists do not have yet (ClickUp refuses it), before anything is sent. */
  protected override async beforeExecute(params: Params, ctx: ClickUpCtx) {
    const parent = listParent(params, ctx.toolName);
    let lists: ApiList[];
    try {
      ({ lists } = await ctx.deps.client.get<{ lists: ApiList[] }>(`${parent.path}/list`, {
        signal: ctx.signal,
      }));
    } catch (error) {
      throw parent.missing(error);
    }
    const same = lists.find((l) => l.name.toLowerCase() === params.name.toLowerCase());
    if (same) {
      throw new ValidationError({
        toolName: ctx.toolName,
        issues: [
          {
            field: 'name',
            message: `list ${same.id} there is already named "${same.name}": give another name. Nothing was sent.`,
          },
        ],
      });
    }
    await super.beforeExecute(params, ctx);
  }

  protected override outcomeCheck(params: Params): OutcomeCheck {
    return {
      done: 'the list was created',
      tool: buildToolName('get_lists', TOOL_PREFIX),
      args: params.folder_id !== undefined ? { folder_id: params.folder_id } : { space_id: params.space_id },
      lookFor: `a list named ${JSON.stringify(params.name)}`,
    };
  }

  async execute(params: Params, ctx: ClickUpCtx) {
    const parent = listParent(params, ctx.toolName);
    try {
      const { list } = await ctx.deps.client.post<{ id: string; list: ApiList }>(
        `${parent.path}/list_template/${encodeURIComponent(params.template_id)}`,
        // Wait for the template's tasks: the answer then means the whole list is there.
        { json: { name: params.name, options: { return_immediately: false } }, signal: ctx.signal },
      );
      ctx.deps.references.changed('list');
      return toListDetail(list);
    } catch (error) {
      throw withMissingHint(
        parent.missing(error),
        'Or the template: the API lists no list templates; copy its id ("t-…") from ClickUp\'s template center.',
      );
    }
  }
}
