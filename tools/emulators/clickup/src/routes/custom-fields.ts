/**
 * Custom fields (research §2.6, §3): `GET /list/{id}/field` (every field accessible on the list),
 * `GET /folder/{id}/field`, `GET /space/{id}/field`, `GET /team/{id}/field` (only the fields created
 * at that level), `POST /task/{task_id}/field/{field_id}` `{value}` (validated per type by
 * custom-field-value.ts; answers `{}`) and `DELETE /task/{task_id}/field/{field_id}` (clears any type).
 * A field outside the task's location hierarchy: FIELD_115. With `customFieldUseLimit` set (Free
 * Forever: 60 uses, never reset), each set beyond it answers FIELD_033.
 */
import { ClickUpHttpError, fieldNotInLocation } from '../clickup-error.ts';
import { toStoredValue } from '../custom-field-value.ts';
import { nextCounter } from '../ids.ts';
import { fieldsOfList, findFolder, findList, findSpace, renderField } from '../render.ts';
import { readTeam, taskFromPath, touch } from '../route-helpers.ts';
import { objectBody, v2, type ClickUpRoute, type RouteContext } from '../router.ts';

export function customFieldRoutes(options: { customFieldUseLimit: number }): ClickUpRoute[] {
  const fieldOfTask = (ctx: RouteContext) => {
    const task = taskFromPath(ctx);
    const field = fieldsOfList(ctx.state, findList(ctx.state, task.listId)).find(
      (f) => f.id === ctx.params['field_id'],
    );
    if (!field) throw fieldNotInLocation();
    return { task, field };
  };
  return [
    v2('GET', '/list/:list_id/field', (ctx) => ({
      fields: fieldsOfList(ctx.state, findList(ctx.state, ctx.params['list_id']!)).map(renderField),
    })),
    v2('GET', '/folder/:folder_id/field', (ctx) => {
      const folder = findFolder(ctx.state, ctx.params['folder_id']!);
      return {
        fields: ctx.state.fields
          .filter((f) => f.location.type === 'folder' && f.location.id === folder.id)
          .map(renderField),
      };
    }),
    v2('GET', '/space/:space_id/field', (ctx) => {
      const space = findSpace(ctx.state, ctx.params['space_id']!);
      return {
        fields: ctx.state.fields
          .filter((f) => f.location.type === 'space' && f.location.id === space.id)
          .map(renderField),
      };
    }),
    v2('GET', '/team/:team_id/field', (ctx) => {
      readTeam(ctx);
      return { fields: [] };
    }),
    v2('POST', '/task/:task_id/field/:field_id', (ctx) => {
      const { task, field } = fieldOfTask(ctx);
      const body = objectBody(ctx.request);
      if ((ctx.state.counters['customFieldUses'] ?? 0) >= options.customFieldUseLimit) {
        throw new ClickUpHttpError(400, 'Custom field usages exceeded for your plan', 'FIELD_033');
      }
      const before = task.customFields[field.id];
      const stored = toStoredValue(ctx.state, field, body['value'], before);
      nextCounter(ctx.state, 'customFieldUses', 0);
      if (stored === undefined) delete task.customFields[field.id];
      else task.customFields[field.id] = stored;
      touch(ctx, task);
      ctx.webhooks.taskChanged(task, ctx.me, [
        {
          field: 'custom_field',
          before: before ?? null,
          after: stored ?? null,
          extra: { custom_field: renderField(field) },
        },
      ]);
      return {};
    }),
    v2('DELETE', '/task/:task_id/field/:field_id', (ctx) => {
      const { task, field } = fieldOfTask(ctx);
      const before = task.customFields[field.id];
      delete task.customFields[field.id];
      touch(ctx, task);
      ctx.webhooks.taskChanged(task, ctx.me, [
        {
          field: 'custom_field',
          before: before ?? null,
          after: null,
          extra: { custom_field: renderField(field) },
        },
      ]);
      return {};
    }),
  ];
}
