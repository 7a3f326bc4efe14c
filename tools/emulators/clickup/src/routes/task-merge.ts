/**
 * Merge tasks (research §2.5): `POST /task/{task_id}/merge` with `{"source_task_ids": [id, …]}` folds
 * the source tasks into the target `task_id` and deletes them. Custom task ids are not supported
 * ([doc: Merge Tasks]): the path and the body take regular ids, a custom id is 401 Team not
 * authorized, as for any id the token cannot see. Every check comes before any change. The target
 * keeps its name, status, assignees, priority and dates; it gains the sources' tags, comments,
 * checklists, attachments, time entries and subtasks, and their descriptions after its own (what
 * ClickUp's help describes for a merge in the app). Each source fires taskDeleted. The answer is
 * the target task (emulator's choice: the research does not show the body).
 */
import { badRequest } from '../clickup-error.ts';
import { lookupTask, renderTask } from '../render.ts';
import { touch } from '../route-helpers.ts';
import { objectBody, v2, type ClickUpRoute } from '../router.ts';

export function taskMergeRoutes(): ClickUpRoute[] {
  return [
    v2('POST', '/task/:task_id/merge', (ctx) => {
      const { state } = ctx;
      const regular = { customTaskIds: false, teamId: undefined };
      const target = lookupTask(state, ctx.params['task_id']!, regular);
      const ids = objectBody(ctx.request)['source_task_ids'];
      if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => typeof id === 'string')) {
        throw badRequest('source_task_ids must be a non-empty array of task ids');
      }
      const sources = [...new Set(ids as string[])].map((id) => lookupTask(state, id, regular));
      if (sources.some((s) => s.id === target.id)) throw badRequest('A task cannot be merged into itself');

      const merged = new Set(sources.map((s) => s.id));
      for (const source of sources) {
        for (const tag of source.tags) if (!target.tags.includes(tag)) target.tags.push(tag);
        if (source.description !== '') {
          target.description = [target.description, source.description].filter((d) => d !== '').join('\n\n');
        }
      }
      for (const c of state.comments) if (c.taskId !== null && merged.has(c.taskId)) c.taskId = target.id;
      for (const c of state.checklists) if (merged.has(c.taskId)) c.taskId = target.id;
      for (const a of state.attachments) if (merged.has(a.taskId)) a.taskId = target.id;
      for (const e of state.timeEntries) if (e.taskId !== null && merged.has(e.taskId)) e.taskId = target.id;
      for (const t of state.tasks) if (t.parent !== null && merged.has(t.parent)) t.parent = target.id;
      for (const source of sources) {
        source.deleted = true;
        ctx.webhooks.taskDeleted(source);
      }
      touch(ctx, target);
      return renderTask(state, target);
    }),
  ];
}
