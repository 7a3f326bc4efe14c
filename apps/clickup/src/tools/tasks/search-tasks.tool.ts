import {
  assumed,
  buildToolName,
  defineToolMetadata,
  lazySchema,
  listPages,
  parseMoment,
  ref,
  resolveMoment,
  ValidationError,
  type FieldIssue,
  type Moment,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toTaskView, type ApiCustomField, type ApiTask } from '../../api/dto/task-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { dateParam, folderIdParam, listIdParam, spaceIdParam, teamIdParam } from '../shared/params.ts';
import { userRef } from '../shared/task-params.ts';
import { sayFirstPage } from '../shared/paging.ts';
import { rangeEnd } from '../shared/clickup-dates.ts';

export const SearchTasksParams = lazySchema(() =>
  z.object({
    statuses: z.array(ref('status')).optional().describe('Status names (any of)'),
    assignees: z.array(userRef()).optional().describe('People (any of): ids, emails, names or "me"'),
    tags: z.array(ref('tag')).optional().describe('Tag names (any of)'),
    list_ids: z.array(listIdParam()).optional().describe('Only these lists'),
    space_ids: z.array(spaceIdParam()).optional().describe('Only these spaces'),
    folder_ids: z.array(folderIdParam()).optional().describe('Only these folders'),
    due_after: dateParam().optional(),
    due_before: dateParam().optional(),
    created_after: dateParam().optional(),
    created_before: dateParam().optional(),
    updated_after: dateParam().optional(),
    updated_before: dateParam().optional(),
    custom_fields: z
      .array(
        z.object({
          field: ref('custom_field').describe('Field id or name'),
          operator: z
            .enum(['=', '!=', '<', '<=', '>', '>=', 'IS NULL', 'IS NOT NULL', 'ANY', 'ALL', 'NOT ANY'])
            .default('='),
          value: z.unknown().optional(),
        }),
      )
      .optional()
      .describe('Custom field filters'),
    include_closed: assumed(
      z.boolean().default(false),
      'open tasks only (include_closed: true for closed ones too)',
    ),
    subtasks: assumed(
      z.boolean().default(false).describe('Include subtasks'),
      'top-level tasks only (subtasks: true for subtasks too)',
    ),
    order_by: z.enum(['created', 'updated', 'due_date', 'id']).default('created'),
    reverse: z.boolean().default(false),
    cursor: z.string().optional().describe('nextCursor of the previous page'),
    team_id: teamIdParam(),
  }),
);

const PER_PAGE = 100;

const ms = (moment: Moment | undefined) => moment?.epochMs;

export class SearchTasksTool extends ClickUpTool<typeof SearchTasksParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('search_tasks', TOOL_PREFIX),
    description:
      'Find tasks across the workspace by status, assignee, tag, place, dates and custom fields, 100 a page.',
    category: 'tasks',
    annotations: { readOnlyHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = SearchTasksParams;

  /**
   * Custom-field filters that cannot match are refused, not answered with an empty page: a value
   * missing (or given to IS NULL), a number field compared with text; a date field's value may be
   * a date like any other (your time zone, announced).
   */
  protected override async beforeExecute(params: ParamsOf<typeof SearchTasksParams>, ctx: ClickUpCtx) {
    if (params.custom_fields?.length) await this.checkFieldFilters(params, ctx);
    await super.beforeExecute(params, ctx);
  }

  private async checkFieldFilters(params: ParamsOf<typeof SearchTasksParams>, ctx: ClickUpCtx) {
    const references = ctx.deps.references;
    const listIds =
      params.list_ids ?? (await references.hierarchy.get(ctx.signal)).lists.slice(0, 20).map((l) => l.id);
    const definitions = new Map<string, ApiCustomField>();
    for (const fields of await Promise.all(listIds.map((id) => references.fieldsOf(id, ctx.signal))))
      for (const field of fields) definitions.set(field.id, field);
    const issues: FieldIssue[] = [];
    for (const [i, filter] of (params.custom_fields ?? []).entries()) {
      const at = `custom_fields.${i}.value`;
      const field = definitions.get(filter.field);
      const name = field ? `"${field.name}" (${field.type})` : 'this field';
      if (filter.operator === 'IS NULL' || filter.operator === 'IS NOT NULL') {
        if (filter.value !== undefined)
          issues.push({ field: at, message: `${filter.operator} takes no value: leave value out.` });
        continue;
      }
      if (filter.value === undefined || filter.value === null) {
        issues.push({
          field: at,
          message: `${filter.operator} needs a value to compare ${name} with; for tasks where it is empty use operator "IS NULL".`,
        });
        continue;
      }
      if (field?.type === 'date' && typeof filter.value === 'string' && !/^\d+$/.test(filter.value)) {
        const pending = parseMoment(filter.value);
        const resolved =
          typeof pending === 'string'
            ? pending
            : await resolveMoment(pending, {
                zone: (await references.zone(ctx)) ?? 'UTC',
                zoneSource: references.zoneSource,
                precision: 'datetime',
              });
        if (typeof resolved === 'string') issues.push({ field: at, message: resolved });
        else {
          ctx.call?.convert(at, filter.value, resolved.moment.epochMs, resolved.moment.iso);
          filter.value = resolved.moment.epochMs;
        }
        continue;
      }
      const numeric = ['number', 'currency', 'emoji', 'date'].includes(field?.type ?? '');
      const compares = ['<', '<=', '>', '>='].includes(filter.operator);
      const values = Array.isArray(filter.value) ? filter.value : [filter.value];
      const notNumber = values.find(
        (v) => !(typeof v === 'number' || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v))),
      );
      if ((numeric || compares) && notNumber !== undefined) {
        issues.push({
          field: at,
          message:
            `${name} ${compares ? `compared with ${filter.operator}` : ''} takes a number; ${JSON.stringify(notNumber)} matches no task.`.replace(
              '  ',
              ' ',
            ),
        });
      }
    }
    if (issues.length > 0) throw new ValidationError({ toolName: ctx.toolName, issues });
  }

  async execute(params: ParamsOf<typeof SearchTasksParams>, ctx: ClickUpCtx) {
    const { client } = ctx.deps;
    const team = await client.teamId(ctx.signal);
    // "Before 2026-01-05" given as a date alone: before the end of that day.
    const ends = new Map<string, number>();
    const end = (moment: Moment | undefined, field: string) => {
      if (moment === undefined) return undefined;
      if (!ends.has(field)) ends.set(field, rangeEnd(moment, field, ctx));
      return ends.get(field);
    };
    // Fields are ids by now (names resolved against the lists searched, or refused).
    const customFields = params.custom_fields?.length
      ? params.custom_fields.map((f) => ({
          field_id: f.field,
          operator: f.operator,
          ...(f.value !== undefined ? { value: f.value } : {}),
        }))
      : undefined;
    return sayFirstPage(
      ctx,
      params.cursor,
      await listPages(
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
              due_date_gt: ms(params.due_after),
              due_date_lt: end(params.due_before, 'due_before'),
              date_created_gt: ms(params.created_after),
              date_created_lt: end(params.created_before, 'created_before'),
              date_updated_gt: ms(params.updated_after),
              date_updated_lt: end(params.updated_before, 'updated_before'),
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
      ),
    );
  }
}
