/**
 * Tags (research §2.7): Space tags `GET/POST /space/{space_id}/tag` (`{tag: {name, tag_fg, tag_bg}}`),
 * `PUT/DELETE /space/{space_id}/tag/{tag_name}`, and on a task `POST/DELETE /task/{task_id}/tag/{tag_name}`.
 * Tag names are lower case; a tag added to a task must exist in the task's Space.
 */
import { badRequest, tagNotFound } from '../clickup-error.ts';
import { findList, findSpace } from '../render.ts';
import { taskFromPath, touch } from '../route-helpers.ts';
import { objectBody, v2, type ClickUpRoute } from '../router.ts';

export function tagRoutes(): ClickUpRoute[] {
  return [
    v2('GET', '/space/:space_id/tag', (ctx) => ({
      tags: findSpace(ctx.state, ctx.params['space_id']!).tags,
    })),
    v2('POST', '/space/:space_id/tag', (ctx) => {
      const space = findSpace(ctx.state, ctx.params['space_id']!);
      const tag = objectBody(ctx.request)['tag'] as Record<string, unknown> | undefined;
      if (typeof tag?.['name'] !== 'string' || tag['name'].trim() === '')
        throw badRequest('Tag name invalid');
      const name = tag['name'].toLowerCase();
      if (!space.tags.some((t) => t.name === name)) {
        space.tags.push({
          name,
          tag_fg: typeof tag['tag_fg'] === 'string' ? tag['tag_fg'] : '#000000',
          tag_bg: typeof tag['tag_bg'] === 'string' ? tag['tag_bg'] : '#d3d3d3',
          creator: ctx.me,
        });
      }
      return {};
    }),
    v2('PUT', '/space/:space_id/tag/:tag_name', (ctx) => {
      const space = findSpace(ctx.state, ctx.params['space_id']!);
      const existing = space.tags.find((t) => t.name === ctx.params['tag_name']!.toLowerCase());
      if (!existing) throw tagNotFound();
      const tag = (objectBody(ctx.request)['tag'] ?? {}) as Record<string, unknown>;
      const oldName = existing.name;
      if (typeof tag['name'] === 'string' && tag['name'].trim() !== '')
        existing.name = tag['name'].toLowerCase();
      if (typeof tag['fg_color'] === 'string') existing.tag_fg = tag['fg_color'];
      if (typeof tag['bg_color'] === 'string') existing.tag_bg = tag['bg_color'];
      for (const task of ctx.state.tasks)
        task.tags = task.tags.map((t) => (t === oldName ? existing.name : t));
      return { tag: existing };
    }),
    v2('DELETE', '/space/:space_id/tag/:tag_name', (ctx) => {
      const space = findSpace(ctx.state, ctx.params['space_id']!);
      const name = ctx.params['tag_name']!.toLowerCase();
      space.tags = space.tags.filter((t) => t.name !== name);
      const lists = new Set(ctx.state.lists.filter((l) => l.spaceId === space.id).map((l) => l.id));
      for (const task of ctx.state.tasks)
        if (lists.has(task.listId)) task.tags = task.tags.filter((t) => t !== name);
      return {};
    }),
    v2('POST', '/task/:task_id/tag/:tag_name', (ctx) => {
      const task = taskFromPath(ctx);
      const space = findSpace(ctx.state, findList(ctx.state, task.listId).spaceId);
      const tag = space.tags.find((t) => t.name === ctx.params['tag_name']!.toLowerCase());
      if (!tag) throw tagNotFound();
      if (!task.tags.includes(tag.name)) {
        task.tags.push(tag.name);
        touch(ctx, task);
        ctx.webhooks.taskChanged(task, ctx.me, [
          { field: 'tag', event: 'taskTagUpdated', before: null, after: [tag] },
        ]);
      }
      return {};
    }),
    v2('DELETE', '/task/:task_id/tag/:tag_name', (ctx) => {
      const task = taskFromPath(ctx);
      const name = ctx.params['tag_name']!.toLowerCase();
      if (task.tags.includes(name)) {
        task.tags = task.tags.filter((t) => t !== name);
        touch(ctx, task);
        const space = findSpace(ctx.state, findList(ctx.state, task.listId).spaceId);
        const tag = space.tags.find((t) => t.name === name) ?? { name };
        ctx.webhooks.taskChanged(task, ctx.me, [
          { field: 'tag', event: 'taskTagUpdated', before: [tag], after: null },
        ]);
      }
      return {};
    }),
  ];
}
