import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  ValidationError,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import type { TaskPlace } from '../../references/task-places.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { taskIdParam, teamIdParam } from '../shared/params.ts';
import { placeOf, referencesOf } from '../shared/relationships.ts';

export const MergeTasksParams = lazySchema(() =>
  z.object({
    task_id: taskIdParam().describe('The task that stays: id, custom id or URL'),
    source_task_ids: z.array(taskIdParam()).min(1).describe('Tasks merged into it, then deleted'),
    team_id: teamIdParam(),
  }),
);

interface MergePlan {
  target: TaskPlace;
  sources: TaskPlace[];
}

const label = (p: TaskPlace) => `${p.customId ?? p.id} ("${p.name}")`;

export class MergeTasksTool extends ClickUpTool<typeof MergeTasksParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('merge_tasks', TOOL_PREFIX),
    description:
      'Merge duplicate tasks into task_id, which keeps its fields and gains their comments, tags, attachments and subtasks. The merged tasks are deleted: irreversible.',
    category: 'task_merge',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = MergeTasksParams;

  /** The tasks read by the checks, for the write of the same call. */
  readonly #plans = new WeakMap<object, MergePlan>();

  /**
   * Every task must exist and the target is not among the sources: checked before anything is sent
   * (ClickUp deletes the sources, so a half-understood call must not reach it). The endpoint takes
   * no custom ids: each is sent as its task id, announced.
   */
  protected override async beforeExecute(params: ParamsOf<typeof MergeTasksParams>, ctx: ClickUpCtx) {
    const [target, ...sources] = await Promise.all([
      placeOf(ctx, params.task_id, 'task_id'),
      ...params.source_task_ids.map((ref, i) => placeOf(ctx, ref, `source_task_ids.${i}`)),
    ]);
    const itself = sources.findIndex((s) => s.id === target!.id);
    if (itself >= 0) {
      throw new ValidationError({
        toolName: ctx.toolName,
        issues: [
          {
            field: `source_task_ids.${itself}`,
            message: `is task_id itself, ${label(target!)}: a task is not merged into itself. Leave it out. Nothing was sent.`,
          },
        ],
      });
    }
    const announce = (field: string, ref: string, place: TaskPlace) => {
      if (place.id !== ref)
        ctx.call?.convert(field, ref, place.id, 'its task id: merging takes no custom id');
    };
    announce('task_id', params.task_id, target!);
    params.source_task_ids.forEach((ref, i) => announce(`source_task_ids.${i}`, ref, sources[i]!));
    this.#plans.set(params, { target: target!, sources });
    await super.beforeExecute(params, ctx);
  }

  protected override outcomeCheck({
    task_id,
    source_task_ids,
  }: ParamsOf<typeof MergeTasksParams>): OutcomeCheck {
    return {
      done: `${source_task_ids.join(', ')} were merged into ${task_id}`,
      tool: buildToolName('get_task', TOOL_PREFIX),
      args: { task_id: source_task_ids[0] },
      lookFor: 'an answer that the task does not exist (a merged task is deleted)',
      then: `call ${buildToolName('merge_tasks', TOOL_PREFIX)} again only if that task is still there`,
    };
  }

  async execute(params: ParamsOf<typeof MergeTasksParams>, ctx: ClickUpCtx) {
    const plan = this.#plans.get(params);
    if (!plan) throw new Error('merge_tasks ran without its checks');
    const { target, sources } = plan;
    const ids = [...new Set(sources.map((s) => s.id))];
    await ctx.deps.client.post(`/task/${encodeURIComponent(target.id)}/merge`, {
      json: { source_task_ids: ids },
      signal: ctx.signal,
    });
    const references = referencesOf(ctx);
    for (const ref of [params.task_id, ...params.source_task_ids]) references.tasks.forget(ref);
    return {
      taskId: params.task_id,
      merged: sources.filter((s, i) => sources.findIndex((o) => o.id === s.id) === i).map(label),
      note: 'The merged tasks were deleted.',
    };
  }
}
