import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  ref,
  ValidationError,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { withMissingHint } from '../../api/not-found-hint.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { teamIdParam } from '../shared/params.ts';
import { groupByParam, showClosedParam, toViewWriteView, type ApiViewBody } from './view-write-params.ts';

export const UpdateViewParams = lazySchema(() =>
  z.object({
    view_id: ref('view'),
    name: z.string().trim().min(1).optional(),
    group_by: groupByParam(),
    show_closed: showClosedParam(),
    team_id: teamIdParam(),
  }),
);

type Params = ParamsOf<typeof UpdateViewParams>;
const MISSING = 'Find the view id with clickup_get_views.';

export class UpdateViewTool extends ClickUpTool<typeof UpdateViewParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('update_view', TOOL_PREFIX),
    description: 'Rename a view or change its grouping; its other settings are kept.',
    category: 'view_writes',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = UpdateViewParams;

  protected override beforeExecute(params: Params, ctx: ClickUpCtx) {
    if (params.name === undefined && params.group_by === undefined && params.show_closed === undefined) {
      throw new ValidationError({
        toolName: ctx.toolName,
        issues: [
          {
            field: 'name',
            message: 'nothing to change: give a name, group_by or show_closed. Nothing was sent.',
          },
        ],
      });
    }
    return super.beforeExecute(params, ctx);
  }

  async execute(params: Params, ctx: ClickUpCtx) {
    const path = `/view/${encodeURIComponent(params.view_id)}`;
    try {
      // The API replaces the whole view (name, type, parent and every setting are required): read it,
      // change what was asked, send it all back.
      const { view } = await ctx.deps.client.get<{ view: ApiViewBody }>(path, { signal: ctx.signal });
      const grouping = view.grouping ?? { field: 'status', dir: 1, collapsed: [], ignore: false };
      const filters = view.filters ?? { op: 'AND', fields: [], search: '', show_closed: false };
      const { view: updated } = await ctx.deps.client.put<{ view: ApiViewBody }>(path, {
        json: {
          ...view,
          name: params.name ?? view.name,
          grouping: { ...grouping, field: params.group_by ?? grouping.field },
          filters: { ...filters, show_closed: params.show_closed ?? filters.show_closed },
        },
        signal: ctx.signal,
      });
      ctx.deps.references.changed('view');
      return toViewWriteView(updated);
    } catch (error) {
      throw withMissingHint(error, MISSING);
    }
  }
}
