/**
 * What the relation tools share: the other task of a pair as a regular id. Only the task in the
 * path takes the custom-id flag; the other one (body, query or `links_to`) must be a regular id, so
 * a custom id ("DEV-12") is looked up first.
 */
import { ApiError, ValidationError } from '@toolsmith/core';
import { z } from 'zod';
import type { ApiTask } from '../../api/dto/task-view.ts';
import { parseTaskRef } from '../../api/task-ref.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { taskIdParam } from '../shared/params.ts';
import { withHint } from '../shared/with-hint.ts';

export const otherTaskParam = () => taskIdParam().describe('The other task: id, custom id, "CU-…" or URL');

export const dependencyTypeParam = z
  .enum(['waiting_on', 'blocking'])
  .describe('waiting_on: task_id waits on other_task_id; blocking: task_id blocks it');

/** The regular ids of both tasks (custom ids resolved); refuses a task related to itself. */
export async function taskPair(
  ctx: ClickUpCtx,
  taskRef: string,
  otherRef: string,
): Promise<{ taskId: string; otherId: string }> {
  const [taskId, otherId] = await Promise.all([
    regularId(ctx, taskRef, 'task_id'),
    regularId(ctx, otherRef, 'other_task_id'),
  ]);
  if (taskId === otherId) {
    throw new ValidationError({
      toolName: ctx.toolName,
      issues: [{ field: 'other_task_id', message: 'is task_id itself. Give another task.' }],
    });
  }
  return { taskId, otherId };
}

async function regularId(ctx: ClickUpCtx, ref: string, field: string): Promise<string> {
  const parsed = parseTaskRef(ref, field);
  if (!parsed.custom) return parsed.id;
  const { path, query } = await ctx.deps.client.task(parsed, '', ctx.signal);
  return (await relationWrite(ctx.deps.client.get<ApiTask>(path, { query, signal: ctx.signal }))).id;
}

/**
 * Runs a relation write; a 401 or 404 (ClickUp's answer to a task id it cannot see) says to check
 * both ids.
 */
export async function relationWrite<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (ApiError.isInstance(error) && (error.status === 401 || error.status === 404)) {
      throw withHint(
        error,
        'One of the two tasks does not exist or is not visible: check task_id and other_task_id with clickup_get_task. Nothing was changed.',
      );
    }
    throw error;
  }
}
