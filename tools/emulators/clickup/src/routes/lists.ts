/**
 * Lists (research §2.4): in a folder `GET/POST /folder/{folder_id}/list`, folderless
 * `GET/POST /space/{space_id}/list`, `GET/PUT/DELETE /list/{list_id}` (GET returns the list's
 * `statuses`, the names a task's status must be one of), and `GET /list/{list_id}/member`.
 * A new list takes its Space's statuses. Fires listCreated / listUpdated / listDeleted.
 */
import { badRequest } from '../clickup-error.ts';
import type { ListRecord, SpaceRecord } from '../clickup-state.ts';
import { numericId } from '../ids.ts';
import { findFolder, findList, findSpace, renderList, renderUser } from '../render.ts';
import { objectBody, queryBoolean, v2, type ClickUpRoute, type RouteContext } from '../router.ts';

export function listRoutes(): ClickUpRoute[] {
  const create = (ctx: RouteContext, space: SpaceRecord, folderId: string | null) => {
    const body = objectBody(ctx.request);
    if (typeof body['name'] !== 'string' || body['name'].trim() === '') throw badRequest('List name invalid');
    const id = numericId(ctx.state, 'list', '9015101');
    const list: ListRecord = {
      id,
      name: body['name'],
      spaceId: space.id,
      folderId,
      orderindex: ctx.state.lists.filter((l) => l.spaceId === space.id && l.folderId === folderId).length,
      content: typeof body['content'] === 'string' ? body['content'] : '',
      statuses: space.statuses.map((s) => ({ ...s, id: `p${id}_${s.id.split('_')[1] ?? s.status}` })),
      archived: false,
    };
    ctx.state.lists.push(list);
    ctx.webhooks.resourceEvent('listCreated', 'list_id', id, { spaceId: space.id, folderId, listId: id });
    return renderList(ctx.state, list);
  };
  const lists = (ctx: RouteContext, match: (l: ListRecord) => boolean) => {
    const archived = queryBoolean(ctx.request, 'archived') ?? false;
    return {
      lists: ctx.state.lists
        .filter((l) => match(l) && l.archived === archived)
        .map((l) => renderList(ctx.state, l)),
    };
  };
  return [
    v2('GET', '/folder/:folder_id/list', (ctx) => {
      const folder = findFolder(ctx.state, ctx.params['folder_id']!);
      return lists(ctx, (l) => l.folderId === folder.id);
    }),
    v2('POST', '/folder/:folder_id/list', (ctx) => {
      const folder = findFolder(ctx.state, ctx.params['folder_id']!);
      return create(ctx, findSpace(ctx.state, folder.spaceId), folder.id);
    }),
    v2('GET', '/space/:space_id/list', (ctx) => {
      const space = findSpace(ctx.state, ctx.params['space_id']!);
      return lists(ctx, (l) => l.spaceId === space.id && l.folderId === null);
    }),
    v2('POST', '/space/:space_id/list', (ctx) =>
      create(ctx, findSpace(ctx.state, ctx.params['space_id']!), null),
    ),
    v2('GET', '/list/:list_id', (ctx) => renderList(ctx.state, findList(ctx.state, ctx.params['list_id']!))),
    v2('PUT', '/list/:list_id', (ctx) => {
      const list = findList(ctx.state, ctx.params['list_id']!);
      const body = objectBody(ctx.request);
      if (typeof body['name'] === 'string' && body['name'].trim() !== '') list.name = body['name'];
      if (typeof body['content'] === 'string') list.content = body['content'];
      if (typeof body['archived'] === 'boolean') list.archived = body['archived'];
      ctx.webhooks.resourceEvent('listUpdated', 'list_id', list.id, {
        spaceId: list.spaceId,
        folderId: list.folderId,
        listId: list.id,
      });
      return renderList(ctx.state, list);
    }),
    v2('DELETE', '/list/:list_id', (ctx) => {
      const list = findList(ctx.state, ctx.params['list_id']!);
      for (const task of ctx.state.tasks) if (task.listId === list.id) task.deleted = true;
      ctx.state.lists = ctx.state.lists.filter((l) => l !== list);
      ctx.webhooks.resourceEvent('listDeleted', 'list_id', list.id, {
        spaceId: list.spaceId,
        folderId: list.folderId,
        listId: list.id,
      });
      return {};
    }),
    v2('GET', '/list/:list_id/member', (ctx) => {
      findList(ctx.state, ctx.params['list_id']!);
      return { members: ctx.state.users.filter((u) => u.role !== 4).map(renderUser) };
    }),
  ];
}
