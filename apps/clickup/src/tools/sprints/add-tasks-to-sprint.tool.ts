import {
  assumed,
  buildToolName,
  defineToolMetadata,
  lazySchema,
  runBatch,
  ValidationError,
  when,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { clickAppOff } from '../shared/clickapp-off.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import { folderIdParam, taskIdParam, teamIdParam } from '../shared/params.ts';
import { taskLists, TASKS_IN_MULTIPLE_LISTS, type TaskLists } from '../task-lists/task-list-params.ts';
import { BulkFailedError } from '../bulk-tasks/bulk-items.ts';
import { folderSprints, type Sprint } from './folder-sprints.ts';

export const AddTasksToSprintParams = lazySchema(() =>
  z.object({
    folder_id: folderIdParam(),
    task_ids: z.array(taskIdParam().describe('Task')).min(1),
    at: assumed(when().optional(), 'the sprint running now'),
    team_id: teamIdParam(),
  }),
);

type Params = ParamsOf<typeof AddTasksToSprintParams>;

/** What the checks learnt, for the write of the same call. */
interface Plan {
  sprint: Sprint;
  tasks: TaskLists[];
}

/**
 * Adds tasks to the current sprint as ClickUp's Sprints ClickApp does: the sprint list becomes one
 * more list of each task (Tasks in Multiple Lists, `POST /list/{sprint}/task/{task}`), and the task
 * keeps its home list — its backlog or project list, with that list's statuses and custom fields.
 * Moving the home list instead (clickup_move_task) would map its status and drop the fields the
 * sprint list lacks, and take it out of the backlog.
 */
export class AddTasksToSprintTool extends ClickUpTool<typeof AddTasksToSprintParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('add_tasks_to_sprint', TOOL_PREFIX),
    description: "Add tasks to the current sprint (or at's) as an extra list (not moved).",
    category: 'sprints',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = AddTasksToSprintParams;

  readonly #plans = new WeakMap<object, Plan>();

  /** The current sprint, and every task read (it exists, its lists) before anything is sent. */
  protected override async beforeExecute(params: Params, ctx: ClickUpCtx) {
    const max = ctx.deps.config.maxBatch;
    if (params.task_ids.length > max) {
      throw new ValidationError({
        toolName: this.name,
        issues: [
          {
            field: 'task_ids',
            message: `has ${params.task_ids.length} items; this server takes at most ${max} per call (CLICKUP_MAX_BATCH). Split the list into calls of ${max} or fewer.`,
          },
        ],
      });
    }
    const sprints = await folderSprints(ctx, params.folder_id, params.at?.epochMs ?? Date.now());
    if (!sprints.active) {
      const around = [
        sprints.previous && `the last one, "${sprints.previous.name}", ended ${sprints.previous.end}`,
        sprints.next && `the next, "${sprints.next.name}" (${sprints.next.id}), starts ${sprints.next.start}`,
      ].filter(Boolean);
      throw new ValidationError({
        toolName: this.name,
        issues: [
          {
            // The day given is what to change; without one, the folder (or give a day).
            field: params.at ? 'at' : 'folder_id',
            message: `no sprint of this folder holds ${params.at?.iso ?? 'now'}${around.length ? `: ${around.join('; ')}` : ''}. Give at: a day of the sprint to add them to. Nothing was sent.`,
          },
        ],
      });
    }
    const issues: { field: string; message: string }[] = [];
    const read = await Promise.all(
      params.task_ids.map(async (ref, i) => {
        try {
          return await taskLists(ctx, ref);
        } catch (error) {
          if (!ValidationError.isInstance(error)) throw error;
          issues.push(...error.issues.map((x) => ({ ...x, field: `task_ids.${i}` })));
          return undefined;
        }
      }),
    );
    if (issues.length > 0) throw new ValidationError({ toolName: this.name, issues });
    const tasks = read as TaskLists[];
    tasks.forEach((t, i) => {
      if (t.id !== params.task_ids[i])
        ctx.call?.convert(
          `task_ids.${i}`,
          params.task_ids[i],
          t.id,
          'its task id: this endpoint takes no custom id',
        );
    });
    this.#plans.set(params, { sprint: sprints.active, tasks });
    await super.beforeExecute(params, ctx);
  }

  async execute(params: Params, ctx: ClickUpCtx) {
    const plan = this.#plans.get(params)!;
    const { sprint, tasks } = plan;
    const result = await runBatch(
      tasks,
      async (task) => {
        const inSprint = task.home.id === sprint.id || task.added?.some((l) => l.id === sprint.id);
        if (!inSprint) {
          try {
            await ctx.deps.client.post(
              `/list/${encodeURIComponent(sprint.id)}/task/${encodeURIComponent(task.id)}`,
              { signal: ctx.signal },
            );
          } catch (error) {
            throw clickAppOff(error, TASKS_IN_MULTIPLE_LISTS);
          }
          ctx.deps.references.tasks.forget(task.id);
        }
        return { task: task.label, ...(inSprint ? { already: true } : { added: true }) };
      },
      {
        field: 'task_ids',
        idOf: (task) => task.label,
        idField: 'task',
        max: Number.MAX_SAFE_INTEGER, // counted before anything was read
        concurrency: 4,
        signal: ctx.signal,
        onSettled: (done, total) =>
          ctx.progress.report({
            progress: done,
            total,
            message: `${done} of ${total} tasks added to ${sprint.name}`,
          }),
      },
    );
    if (result.successful.length === 0) {
      throw new BulkFailedError(
        [
          `None of the tasks was added to ${sprint.name}:`,
          ...result.failed.map((f) => `- ${String(f['task'])}: ${f.error}`),
        ].join('\n'),
      );
    }
    return {
      sprint: { id: sprint.id, name: sprint.name, start: sprint.start, end: sprint.end },
      summary:
        result.failed.length === 0
          ? `All ${result.total} task(s) are in ${sprint.name}.`
          : `${result.successful.length} of ${result.total} task(s) are in ${sprint.name}; ${result.failed.length} failed (see failed).`,
      ...result,
    };
  }
}
