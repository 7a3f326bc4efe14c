import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import {
  isoDate,
  readableFieldValue,
  toTaskView,
  userLabel,
  type ApiTask,
  type TaskView,
} from '../../api/dto/task-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { taskIdParam, teamIdParam } from '../shared/params.ts';

const SECTIONS = [
  'description',
  'custom_fields',
  'subtasks',
  'checklists',
  'comments',
  'watchers',
  'dates',
  'time',
  'relations',
] as const;

export const GetTaskParams = lazySchema(() =>
  z.object({
    task_id: taskIdParam(),
    include: z.array(z.enum(SECTIONS)).optional().describe('Extra sections'),
    team_id: teamIdParam(),
  }),
);

interface TaskAnswer extends TaskView {
  description?: string;
  customFields?: { id: string; name: string; type: string; value: unknown }[];
  subtasks?: TaskView[];
  checklists?: { id: string; name: string; items: { id: string; name: string; done: boolean }[] }[];
  comments?: { id: string; by: string; at?: string; text: string }[];
  watchers?: string[];
  dates?: Record<string, string>;
  time?: { estimateMs?: number; spentMs?: number };
  relations?: { dependencies: unknown[]; links: unknown[] };
}

interface ApiComment {
  id: string;
  comment_text?: string;
  user?: { id: number; username?: string | null; email?: string | null };
  date?: string;
}

export class GetTaskTool extends ClickUpTool<typeof GetTaskParams, TaskAnswer> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_task', TOOL_PREFIX),
    description:
      'One task, compact by default (id, custom id, name, status, priority, assignees, due, list, tags, url); add sections with include.',
    category: 'tasks',
    annotations: { readOnlyHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetTaskParams;

  async execute(
    { task_id, include = [] }: ParamsOf<typeof GetTaskParams>,
    ctx: ClickUpCtx,
  ): Promise<TaskAnswer> {
    const want = new Set(include);
    const { path, query } = await ctx.deps.client.task(task_id, '', ctx.signal);
    const [task, comments] = await Promise.all([
      ctx.deps.client.get<ApiTask>(path, {
        query: {
          ...query,
          ...(want.has('subtasks') ? { include_subtasks: 'true' } : {}),
          ...(want.has('description') ? { include_markdown_description: 'true' } : {}),
        },
        signal: ctx.signal,
      }),
      want.has('comments')
        ? ctx.deps.client
            .task(task_id, '/comment', ctx.signal)
            .then(({ path: p, query: q }) =>
              ctx.deps.client.get<{ comments: ApiComment[] }>(p, { query: q, signal: ctx.signal }),
            )
        : undefined,
    ]);
    // Checklist ids read here are what ref('checklist') knows (the API lists none by themselves).
    if (task.checklists) ctx.deps.references.sawChecklists(task.id, task.checklists);
    const answer: TaskAnswer = toTaskView(task);
    if (want.has('description')) {
      answer.description = task.markdown_description ?? task.text_content ?? task.description ?? '';
    }
    if (want.has('custom_fields')) {
      answer.customFields = (task.custom_fields ?? []).map((f) => ({
        id: f.id,
        name: f.name,
        type: f.type,
        value: readableFieldValue(f),
      }));
    }
    if (want.has('subtasks')) answer.subtasks = (task.subtasks ?? []).map(toTaskView);
    if (want.has('checklists')) {
      answer.checklists = (task.checklists ?? []).map((c) => ({
        id: c.id,
        name: c.name,
        items: (c.items ?? []).map((i) => ({ id: i.id, name: i.name, done: i.resolved })),
      }));
    }
    if (comments) {
      answer.comments = comments.comments.map((c) => ({
        id: c.id,
        by: c.user ? (c.user.username ?? c.user.email ?? String(c.user.id)) : 'unknown',
        ...(isoDate(c.date) ? { at: isoDate(c.date)! } : {}),
        text: c.comment_text ?? '',
      }));
    }
    if (want.has('watchers')) answer.watchers = (task.watchers ?? []).map(userLabel);
    if (want.has('dates')) {
      const dates: Record<string, string> = {};
      for (const [key, value] of Object.entries({
        created: task.date_created,
        updated: task.date_updated,
        start: task.start_date,
        due: task.due_date,
        done: task.date_done,
        closed: task.date_closed,
      })) {
        const iso = isoDate(value);
        if (iso) dates[key] = iso;
      }
      answer.dates = dates;
    }
    if (want.has('time')) {
      answer.time = {
        ...(task.time_estimate != null ? { estimateMs: Number(task.time_estimate) } : {}),
        ...(task.time_spent != null ? { spentMs: Number(task.time_spent) } : {}),
      };
    }
    if (want.has('relations')) {
      answer.relations = { dependencies: task.dependencies ?? [], links: task.linked_tasks ?? [] };
    }
    return answer;
  }
}
