/**
 * Checklists (research §2.7): `POST /task/{task_id}/checklist` `{name}`, `PUT/DELETE
 * /checklist/{checklist_id}` (PUT: name, position), `POST /checklist/{checklist_id}/checklist_item`
 * `{name, assignee}`, `PUT/DELETE /checklist/{checklist_id}/checklist_item/{checklist_item_id}`
 * (PUT: name, assignee, resolved, parent). Creates and item edits answer `{checklist}`.
 */
import { badRequest, notFound } from '../clickup-error.ts';
import type { ChecklistRecord } from '../clickup-state.ts';
import { nextUuid } from '../ids.ts';
import { renderChecklist } from '../render.ts';
import { taskFromPath } from '../route-helpers.ts';
import { objectBody, v2, type ClickUpRoute, type RouteContext } from '../router.ts';

export function checklistRoutes(): ClickUpRoute[] {
  const findChecklist = (ctx: RouteContext): ChecklistRecord => {
    const checklist = ctx.state.checklists.find((c) => c.id === ctx.params['checklist_id']);
    if (!checklist) throw notFound('Checklist');
    return checklist;
  };
  const findItem = (ctx: RouteContext, checklist: ChecklistRecord) => {
    const item = checklist.items.find((i) => i.id === ctx.params['checklist_item_id']);
    if (!item) throw notFound('Checklist item');
    return item;
  };
  const name = (body: Record<string, unknown>) => {
    if (typeof body['name'] !== 'string' || body['name'].trim() === '')
      throw badRequest('Checklist name invalid');
    return body['name'];
  };
  return [
    v2('POST', '/task/:task_id/checklist', (ctx) => {
      const task = taskFromPath(ctx);
      const checklist: ChecklistRecord = {
        id: nextUuid(ctx.state, 'checklist'),
        taskId: task.id,
        name: name(objectBody(ctx.request)),
        orderindex: ctx.state.checklists.filter((c) => c.taskId === task.id).length,
        dateCreated: ctx.now,
        items: [],
      };
      ctx.state.checklists.push(checklist);
      return { checklist: renderChecklist(ctx.state, checklist) };
    }),
    v2('PUT', '/checklist/:checklist_id', (ctx) => {
      const checklist = findChecklist(ctx);
      const body = objectBody(ctx.request);
      if (body['name'] !== undefined) checklist.name = name(body);
      if (typeof body['position'] === 'number') checklist.orderindex = body['position'];
      return {};
    }),
    v2('DELETE', '/checklist/:checklist_id', (ctx) => {
      const checklist = findChecklist(ctx);
      ctx.state.checklists = ctx.state.checklists.filter((c) => c !== checklist);
      return {};
    }),
    v2('POST', '/checklist/:checklist_id/checklist_item', (ctx) => {
      const checklist = findChecklist(ctx);
      const body = objectBody(ctx.request);
      checklist.items.push({
        id: nextUuid(ctx.state, 'checklistItem'),
        name: name(body),
        orderindex: checklist.items.length,
        assignee: typeof body['assignee'] === 'number' ? body['assignee'] : null,
        resolved: false,
        parent: null,
        dateCreated: ctx.now,
      });
      return { checklist: renderChecklist(ctx.state, checklist) };
    }),
    v2('PUT', '/checklist/:checklist_id/checklist_item/:checklist_item_id', (ctx) => {
      const checklist = findChecklist(ctx);
      const item = findItem(ctx, checklist);
      const body = objectBody(ctx.request);
      if (body['name'] !== undefined) item.name = name(body);
      if (body['assignee'] !== undefined)
        item.assignee = typeof body['assignee'] === 'number' ? body['assignee'] : null;
      if (typeof body['resolved'] === 'boolean') item.resolved = body['resolved'];
      if (body['parent'] !== undefined)
        item.parent = typeof body['parent'] === 'string' ? body['parent'] : null;
      return { checklist: renderChecklist(ctx.state, checklist) };
    }),
    v2('DELETE', '/checklist/:checklist_id/checklist_item/:checklist_item_id', (ctx) => {
      const checklist = findChecklist(ctx);
      const item = findItem(ctx, checklist);
      checklist.items = checklist.items.filter((i) => i !== item);
      return {};
    }),
  ];
}
