/**
 * The base of the two Tasks in Multiple Lists writes (add a task to a list, take it out): the task's
 * lists are read once in beforeExecute (custom ids announced, its home list refused, what the tool
 * checks besides), kept for the write of the same call, and a ClickApp that is off is said so.
 */
import { lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import type { ClickUpCtx } from '../clickup-context.ts';
import { clickAppOff } from '../shared/clickapp-off.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import { listIdParam, taskIdParam, teamIdParam } from '../shared/params.ts';
import {
  announceTaskId,
  named,
  refuseList,
  taskLists,
  TASKS_IN_MULTIPLE_LISTS,
  type TaskLists,
} from './task-list-params.ts';

/** The params of both tools: the task, the list (described per tool), the Workspace. */
export const membershipParams = (list: string) =>
  lazySchema(() =>
    z.object({ task_id: taskIdParam(), list_id: listIdParam().describe(list), team_id: teamIdParam() }),
  );

type MembershipParams = ReturnType<typeof membershipParams>;

export abstract class TaskListMembershipTool extends ClickUpTool<MembershipParams> {
  /** The task's lists, read by the checks, for the write of the same call. */
  readonly #lists = new WeakMap<object, TaskLists>();

  /** The refusal when list_id is the task's home list. */
  protected abstract homeListRefusal(label: string): string;
  /** The HTTP method of the write (POST adds, DELETE removes). */
  protected abstract readonly method: 'post' | 'delete';
  /** The answer of a write that went through. */
  protected abstract answer(params: ParamsOf<MembershipParams>, lists: TaskLists): object;
  /** Checks beyond the home list (none by default). */
  protected checkLists(_params: ParamsOf<MembershipParams>, _lists: TaskLists, _ctx: ClickUpCtx): void {}

  protected override async beforeExecute(params: ParamsOf<MembershipParams>, ctx: ClickUpCtx) {
    const lists = await taskLists(ctx, params.task_id);
    this.#lists.set(params, lists);
    announceTaskId(ctx, params.task_id, lists);
    if (lists.home.id === params.list_id) refuseList(ctx, this.homeListRefusal(lists.label));
    this.checkLists(params, lists, ctx);
    await super.beforeExecute(params, ctx);
  }

  protected override async translateError(
    error: unknown,
    params: ParamsOf<MembershipParams>,
    ctx: ClickUpCtx,
  ): Promise<unknown> {
    return clickAppOff(await super.translateError(error, params, ctx), TASKS_IN_MULTIPLE_LISTS);
  }

  async execute(params: ParamsOf<MembershipParams>, ctx: ClickUpCtx) {
    const lists = this.#lists.get(params) ?? (await taskLists(ctx, params.task_id));
    const path = `/list/${encodeURIComponent(params.list_id)}/task/${encodeURIComponent(lists.id)}`;
    await ctx.deps.client[this.method](path, { signal: ctx.signal });
    ctx.deps.references.tasks.forget(params.task_id);
    return { ...this.answer(params, lists), homeList: named(lists.home) };
  }
}
