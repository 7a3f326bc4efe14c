import {
  buildToolName,
  closestMatches,
  defineToolMetadata,
  listPages,
  ValidationError,
} from '@toolsmith/core';
import { z } from 'zod';
import { toTaskView, type ApiCustomField, type ApiTask } from '../../api/dto/task-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool, type ClickUpCtx } from '../shared/clickup-tool.ts';
import { dateParam } from '../shared/params.ts';
import { lazySchema } from '../shared/lazy-schema.ts';

const ids = (what: string) => z.array(z.string().regex(/^\d+$/, `${what} ids are numbers`)).optional();

export const SearchTasksParams = lazySchema(() =>
  z.object({
    statuses: z.array(z.string().min(1)).optional().describe('Status names (any of)'),
    assignees: z.array(z.number().int().positive()).optional().describe('User ids (any of)'),
    tags: z.array(z.string().min(1)).optional().describe('Tag names (any of)'),
    list_ids: ids('list').describe('Only these lists'),
    space_ids: ids('space').describe('Only these spaces'),
    folder_ids: ids('folder').describe('Only these folders'),
    due_after: dateParam.optional(),
    due_before: dateParam.optional(),
    created_after: dateParam.optional(),
    created_before: dateParam.optional(),
    updated_after: dateParam.optional(),
    updated_before: dateParam.optional(),
    custom_fields: z
      .array(
        z.object({
          field: z.string().min(1).describe('Field id or name (names need list_ids)'),
          operator: z
            .enum(['=', '!=', '<', '<=', '>', '>=', 'IS NULL', 'IS NOT NULL', 'ANY', 'ALL', 'NOT ANY'])
            .default('='),
          value: z.unknown().optional(),
        }),
      )
      .optional()
      .describe('Custom field filters'),
    include_closed: z.boolean().default(false),
    subtasks: z.boolean().default(false).describe('Include subtasks'),
    order_by: z.enum(['created', 'updated', 'due_date', 'id']).default('created'),
    reverse: z.boolean().default(false),
    cursor: z.string().optional().describe('nextCursor of the previous page'),
  }),
);

const PER_PAGE = 100;

export class SearchTasksTool extends ClickUpTool<ReturnType<typeof SearchTasksParams>> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('search_tasks', TOOL_PREFIX),
    description:
      'Find tasks across the workspace by status, assignee, tag, place, dates and custom fields, 100 a page.',
    category: 'tasks',
    annotations: { readOnlyHint: true, openWorldHint: true },
  });

  getParamsSchema() {
    return SearchTasksParams();
  }

  async execute(params: z.output<ReturnType<typeof SearchTasksParams>>, ctx: ClickUpCtx) {
    const { client } = ctx.deps;
    const team = await client.teamId(ctx.signal);
    const customFields = params.custom_fields?.length ? await this.fieldFilters(params, ctx) : undefined;
    return listPages(
      this.name,
      { ...params, perPage: PER_PAGE },
      async (page) => {
        const answer = await client.get<{ tasks: ApiTask[]; last_page?: boolean }>(`/team/${team}/task`, {
          query: {
            page: page - 1,
            'statuses[]': params.statuses,
            'assignees[]': params.assignees,
            'tags[]': params.tags,
            'list_ids[]': params.list_ids,
            'space_ids[]': params.space_ids,
            'project_ids[]': params.folder_ids,
            due_date_gt: params.due_after,
            due_date_lt: params.due_before,
            date_created_gt: params.created_after,
            date_created_lt: params.created_before,
            date_updated_gt: params.updated_after,
            date_updated_lt: params.updated_before,
            include_closed: params.include_closed,
            subtasks: params.subtasks,
            order_by: params.order_by,
            reverse: params.reverse,
            ...(customFields ? { custom_fields: JSON.stringify(customFields) } : {}),
          },
          signal: ctx.signal,
        });
        return { items: answer.tasks, total: undefined, hasMore: answer.last_page === false };
      },
      toTaskView,
    );
  }

  /**
   * Field names → ids, against the fields of the lists searched. ClickUp drops every custom-field
   * filter when one id is unknown (and answers as if none were given), so an unknown field is
   * refused here instead.
   */
  private async fieldFilters(params: z.output<ReturnType<typeof SearchTasksParams>>, ctx: ClickUpCtx) {
    const filters = params.custom_fields ?? [];
    const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    const known = new Map<string, ApiCustomField>();
    for (const listId of params.list_ids ?? []) {
      const { fields } = await ctx.deps.client.get<{ fields: ApiCustomField[] }>(`/list/${listId}/field`, {
        signal: ctx.signal,
      });
      for (const field of fields) known.set(field.id, field);
    }
    return filters.map((filter, index) => {
      const byId = known.get(filter.field);
      const byName = [...known.values()].filter((f) => f.name.toLowerCase() === filter.field.toLowerCase());
      const field = byId ?? (byName.length === 1 ? byName[0] : undefined);
      if (!field && !(UUID.test(filter.field) && known.size === 0)) {
        const near = closestMatches(
          filter.field,
          [...known.values()].map((f) => f.name),
        );
        throw new ValidationError({
          issues: [
            {
              field: `custom_fields[${index}].field`,
              message:
                known.size === 0
                  ? `"${filter.field}" is a field name: give list_ids so the server can find its id, or pass the field id (clickup_list_custom_fields).`
                  : byName.length > 1
                    ? `"${filter.field}" names ${byName.length} fields (${byName.map((f) => f.id).join(', ')}): pass the id.`
                    : `no field "${filter.field}" in these lists.${near.length ? ` Did you mean ${near.map((n) => `"${n}"`).join(', ')}?` : ''} Fields: ${[...known.values()].map((f) => f.name).join(', ')}.`,
            },
          ],
        });
      }
      return {
        field_id: field?.id ?? filter.field,
        operator: filter.operator,
        ...(filter.value !== undefined ? { value: filter.value } : {}),
      };
    });
  }
}
