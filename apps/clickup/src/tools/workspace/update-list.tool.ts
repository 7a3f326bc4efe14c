import {
  buildToolName,
  emptyMeans,
  defineToolMetadata,
  ValidationError,
  lazySchema,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toListDetail, type ApiList } from '../../api/dto/hierarchy-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { listIdParam, teamIdParam } from '../shared/params.ts';
import { listMissing } from './hierarchy-hints.ts';

export const UpdateListParams = lazySchema(() =>
  z.object({
    list_id: listIdParam(),
    name: z.string().trim().min(1).optional().describe('New name'),
    content: emptyMeans(z.string().optional().describe('New description (markdown); "" clears it'), 'clear'),
    team_id: teamIdParam(),
  }),
);

export class UpdateListTool extends ClickUpTool<typeof UpdateListParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('update_list', TOOL_PREFIX),
    description: 'Rename a list or change its description. Returns the list with its statuses.',
    category: 'workspace',
    toolset: 'workspace_write',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = UpdateListParams;

  async execute({ list_id, name, content }: ParamsOf<typeof UpdateListParams>, ctx: ClickUpCtx) {
    const body = {
      ...(name !== undefined ? { name } : {}),
      ...(content !== undefined ? { markdown_content: content, content } : {}),
    };
    if (Object.keys(body).length === 0) {
      throw new ValidationError({
        toolName: ctx.toolName,
        issues: [{ field: 'name', message: 'Nothing to change: pass name or content.' }],
      });
    }
    try {
      const list = await ctx.deps.client.put<ApiList>(`/list/${list_id}`, { json: body, signal: ctx.signal });
      ctx.deps.references.changed('list');
      return toListDetail(list);
    } catch (error) {
      throw listMissing(error);
    }
  }
}
