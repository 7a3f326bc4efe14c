import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  ref,
  ValidationError,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { withMissingHint } from '../../api/not-found-hint.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { teamIdParam } from '../shared/params.ts';
import { newViewBody, toViewWriteView, VIEW_TYPES, type ApiViewBody } from './view-write-params.ts';

export const CreateViewParams = lazySchema(() =>
  z.object({
    name: z.string().trim().min(1),
    type: z.enum(VIEW_TYPES),
    space_id: ref('space').optional(),
    folder_id: ref('folder').optional(),
    list_id: ref('list').optional(),
    team_id: teamIdParam(),
  }),
);

type Params = ParamsOf<typeof CreateViewParams>;
const LEVELS = ['space_id', 'folder_id', 'list_id'] as const;

export class CreateViewTool extends ClickUpTool<typeof CreateViewParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_view', TOOL_PREFIX),
    description: 'Add a view to a space, folder or list (one id) or the workspace (none).',
    category: 'view_writes',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = CreateViewParams;

  protected override beforeExecute(params: Params, ctx: ClickUpCtx) {
    const given = LEVELS.filter((k) => params[k] !== undefined);
    if (given.length > 1) {
      throw new ValidationError({
        toolName: ctx.toolName,
        issues: [
          {
            field: given[1]!,
            message: `Pass one of space_id, folder_id or list_id (got ${given.join(' and ')}), or none for a workspace view. Nothing was sent.`,
          },
        ],
      });
    }
    return super.beforeExecute(params, ctx);
  }

  protected override outcomeCheck(params: Params): OutcomeCheck {
    const level = LEVELS.find((k) => params[k] !== undefined);
    return {
      done: 'the view was created',
      tool: buildToolName('get_views', TOOL_PREFIX),
      args: level ? { [level]: params[level] } : {},
      lookFor: `a view named ${JSON.stringify(params.name)}`,
    };
  }

  async execute(params: Params, ctx: ClickUpCtx) {
    const level = LEVELS.find((k) => params[k] !== undefined);
    const path =
      level === undefined
        ? `/team/${await ctx.deps.client.teamId(ctx.signal)}/view`
        : `/${level.replace('_id', '')}/${params[level]!}/view`;
    try {
      const { view } = await ctx.deps.client.post<{ view: ApiViewBody }>(path, {
        json: newViewBody(params.name, params.type),
        signal: ctx.signal,
      });
      ctx.deps.references.changed('view');
      return toViewWriteView(view);
    } catch (error) {
      throw withMissingHint(error, `Check ${level ?? 'the workspace'}; find ids with clickup_get_hierarchy.`);
    }
  }
}
