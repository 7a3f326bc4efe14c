/**
 * The parameters the bulk tools share: the items, each in the form of its single-task tool (read
 * and checked by that tool's own schema, item by item: bulk-items.ts), and the view of a task an
 * answer gives for each success.
 */
import { z } from 'zod';
import type { TaskView } from '../../api/dto/task-view.ts';
import { taskIdParam } from '../shared/params.ts';

/** Items in another tool's form: open here, checked strictly by that tool's schema; at most CLICKUP_MAX_BATCH. */
export const itemsParam = (what: string) => z.array(z.looseObject({})).min(1).describe(what);

export const taskIdsParam = () => z.array(taskIdParam()).min(1);

/** A task in an answer: enough to find it again. */
export const doneTask = (task: TaskView & { note?: string }) => ({
  id: task.id,
  ...(task.customId ? { customId: task.customId } : {}),
  name: task.name,
  ...(task.url ? { url: task.url } : {}),
  ...(task.note ? { note: task.note } : {}),
});

/** The params of item `index` name its fields under `<param>.<index>`. */
export const under =
  (param: string) =>
  (index: number, field: string): string =>
    field === '' ? `${param}.${index}` : `${param}.${index}.${field}`;
