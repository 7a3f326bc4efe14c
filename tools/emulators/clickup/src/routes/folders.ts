/**
 * Folders (research §2.4): `GET/POST /space/{space_id}/folder`, `GET/PUT/DELETE /folder/{folder_id}`.
 * A folder carries its lists. Fires folderCreated / folderUpdated / folderDeleted.
 */
import { badRequest } from '../clickup-error.ts';
import type { FolderRecord } from '../clickup-state.ts';
import { numericId } from '../ids.ts';
import { findFolder, findSpace, renderFolder } from '../render.ts';
import { objectBody, queryBoolean, v2, type ClickUpRoute } from '../router.ts';

export function folderRoutes(): ClickUpRoute[] {
  return [
    v2('GET', '/space/:space_id/folder', (ctx) => {
      const space = findSpace(ctx.state, ctx.params['space_id']!);
      const archived = queryBoolean(ctx.request, 'archived') ?? false;
      return {
        folders: ctx.state.folders
          .filter((f) => f.spaceId === space.id && f.archived === archived)
          .map((f) => renderFolder(ctx.state, f)),
      };
    }),
    v2('POST', '/space/:space_id/folder', (ctx) => {
      const space = findSpace(ctx.state, ctx.params['space_id']!);
      const body = objectBody(ctx.request);
      if (typeof body['name'] !== 'string' || body['name'].trim() === '')
        throw badRequest('Folder name invalid');
      const folder: FolderRecord = {
        id: numericId(ctx.state, 'folder', '901521'),
        name: body['name'],
        spaceId: space.id,
        orderindex: ctx.state.folders.filter((f) => f.spaceId === space.id).length,
        hidden: false,
        archived: false,
      };
      ctx.state.folders.push(folder);
      ctx.webhooks.resourceEvent('folderCreated', 'folder_id', folder.id, {
        spaceId: space.id,
        folderId: folder.id,
      });
      return renderFolder(ctx.state, folder);
    }),
    v2('GET', '/folder/:folder_id', (ctx) =>
      renderFolder(ctx.state, findFolder(ctx.state, ctx.params['folder_id']!)),
    ),
    v2('PUT', '/folder/:folder_id', (ctx) => {
      const folder = findFolder(ctx.state, ctx.params['folder_id']!);
      const body = objectBody(ctx.request);
      if (typeof body['name'] === 'string' && body['name'].trim() !== '') folder.name = body['name'];
      if (typeof body['archived'] === 'boolean') folder.archived = body['archived'];
      ctx.webhooks.resourceEvent('folderUpdated', 'folder_id', folder.id, {
        spaceId: folder.spaceId,
        folderId: folder.id,
      });
      return renderFolder(ctx.state, folder);
    }),
    v2('DELETE', '/folder/:folder_id', (ctx) => {
      const { state } = ctx;
      const folder = findFolder(state, ctx.params['folder_id']!);
      const lists = new Set(state.lists.filter((l) => l.folderId === folder.id).map((l) => l.id));
      for (const task of state.tasks) if (lists.has(task.listId)) task.deleted = true;
      state.lists = state.lists.filter((l) => !lists.has(l.id));
      state.folders = state.folders.filter((f) => f !== folder);
      ctx.webhooks.resourceEvent('folderDeleted', 'folder_id', folder.id, {
        spaceId: folder.spaceId,
        folderId: folder.id,
      });
      return {};
    }),
  ];
}
