import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toTaskView, type ApiTask } from '../../api/dto/task-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { listIdParam, taskIdParam, teamIdParam } from '../shared/params.ts';

const DuplicateTaskParams = lazySchema(() =>
  z.object({
    task_id: taskIdParam(),
    list_id: listIdParam().optional().describe('Where the copy goes (default: the same list)'),
    name: z.string().min(1).optional().describe('Name of the copy (default: the same name)'),
    team_id: teamIdParam(),
  }),
);

/** Fields that carry over as they are; custom fields only when the copy stays in the same list. */
export class DuplicateTaskTool extends ClickUpTool<typeof DuplicateTaskParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('duplicate_task', TOOL_PREFIX),
    description:
      'Copy a task (its fields, people and tags; custom fields in the same list) into its list or another. Not comments or subtasks.',
    category: 'tasks',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = DuplicateTaskParams;

  protected override outcomeCheck({
    task_id,
    list_id,
    name,
  }: ParamsOf<typeof DuplicateTaskParams>): OutcomeCheck {
    return {
      done: `the copy of ${task_id} was made`,
      tool: buildToolName('get_list_tasks', TOOL_PREFIX),
      // execute fills both in from the source task before the create is sent.
      ...(list_id !== undefined ? { args: { list_id, include_closed: true, subtasks: true } } : {}),
      lookFor: `${name === undefined ? `a copy named like ${task_id}` : JSON.stringify(name)} among the newest tasks${list_id === undefined ? ` of ${task_id}'s list` : ''}`,
    };
  }

  async execute(params: ParamsOf<typeof DuplicateTaskParams>, ctx: ClickUpCtx) {
    const { task_id, list_id, name } = params;
    const { client } = ctx.deps;
    const { path, query } = await client.task(task_id, '', ctx.signal);
    const source = await client.get<ApiTask>(path, {
      query: { ...query, include_markdown_description: 'true' },
      signal: ctx.signal,
    });
    const target = list_id ?? source.list?.id;
    // Where the copy goes and its name, for outcomeCheck if the answer to the create is lost (the
    // params object is this call's own).
    params.list_id = target;
    params.name = name ?? source.name;
    const sameList = target === source.list?.id;
    const copy = await client.post<ApiTask>(`/list/${encodeURIComponent(target!)}/task`, {
      json: {
        name: name ?? source.name,
        markdown_content: source.markdown_description ?? source.text_content ?? undefined,
        ...(sameList && source.status?.status ? { status: source.status.status } : {}),
        ...(source.priority?.id ? { priority: Number(source.priority.id) } : {}),
        ...(source.due_date ? { due_date: Number(source.due_date) } : {}),
        ...(source.start_date ? { start_date: Number(source.start_date) } : {}),
        ...(source.time_estimate ? { time_estimate: Number(source.time_estimate) } : {}),
        assignees: (source.assignees ?? []).map((u) => u.id),
        tags: (source.tags ?? []).map((t) => t.name),
        ...(sameList
          ? {
              custom_fields: (source.custom_fields ?? [])
                .filter((f) => f.value !== undefined && f.value !== null && f.type !== 'formula')
                .map((f) => ({ id: f.id, value: writableValue(f.type, f.value) })),
            }
          : {}),
      },
      signal: ctx.signal,
    });
    return { ...toTaskView(copy), copiedFrom: source.id };
  }
}

/** The write form of a value read back (ClickUp reads some types richer than it writes them). */
function writableValue(type: string, value: unknown): unknown {
  if (type === 'users' && Array.isArray(value)) return { add: value.map((u: { id: number }) => u.id) };
  if (type === 'tasks' && Array.isArray(value)) return { add: value.map((t: { id: string }) => t.id) };
  if (type === 'labels' && Array.isArray(value))
    return value.map((v) => (typeof v === 'object' && v ? (v as { id: string }).id : v));
  if (type === 'date') return Number(value);
  return value;
}
