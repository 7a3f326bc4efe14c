/**
 * Spaces (research §2.4): `GET/POST /team/{team_id}/space` (`?archived=`), `GET/PUT/DELETE
 * /space/{space_id}`. A new Space gets the default statuses; deleting one removes its folders,
 * lists and tasks. Fires spaceCreated / spaceUpdated / spaceDeleted.
 */
import { badRequest } from '../clickup-error.ts';
import type { SpaceRecord } from '../clickup-state.ts';
import { numericId } from '../ids.ts';
import { findSpace, renderSpace } from '../render.ts';
import { readTeam, requireTeam } from '../route-helpers.ts';
import { objectBody, queryBoolean, v2, type ClickUpRoute, type RouteContext } from '../router.ts';

export function spaceRoutes(): ClickUpRoute[] {
  return [
    v2('GET', '/team/:team_id/space', (ctx) => {
      if (!readTeam(ctx)) return { spaces: [] };
      const archived = queryBoolean(ctx.request, 'archived') ?? false;
      return { spaces: ctx.state.spaces.filter((s) => s.archived === archived).map(renderSpace) };
    }),
    v2('POST', '/team/:team_id/space', (ctx) => {
      requireTeam(ctx);
      const body = objectBody(ctx.request);
      if (typeof body['name'] !== 'string' || body['name'].trim() === '')
        throw badRequest('Space name invalid');
      const id = numericId(ctx.state, 'space', '901511');
      const space: SpaceRecord = {
        id,
        name: body['name'],
        private: false,
        statuses: [
          { id: `p${id}_todoxxxx`, status: 'to do', color: '#d3d3d3', orderindex: 0, type: 'open' },
          { id: `p${id}_complete`, status: 'complete', color: '#6bc950', orderindex: 1, type: 'closed' },
        ],
        multipleAssignees: body['multiple_assignees'] !== false,
        archived: false,
        tags: [],
        customIdPrefix: null,
        customIdCounter: 1,
      };
      ctx.state.spaces.push(space);
      ctx.webhooks.resourceEvent('spaceCreated', 'space_id', id, { spaceId: id });
      return renderSpace(space);
    }),
    v2('GET', '/space/:space_id', (ctx) => renderSpace(findSpace(ctx.state, ctx.params['space_id']!))),
    v2('PUT', '/space/:space_id', (ctx) => {
      const space = findSpace(ctx.state, ctx.params['space_id']!);
      const body = objectBody(ctx.request);
      if (typeof body['name'] === 'string' && body['name'].trim() !== '') space.name = body['name'];
      if (typeof body['private'] === 'boolean') space.private = body['private'];
      if (typeof body['multiple_assignees'] === 'boolean')
        space.multipleAssignees = body['multiple_assignees'];
      if (typeof body['archived'] === 'boolean') space.archived = body['archived'];
      ctx.webhooks.resourceEvent('spaceUpdated', 'space_id', space.id, { spaceId: space.id });
      return renderSpace(space);
    }),
    v2('DELETE', '/space/:space_id', (ctx) => {
      const space = findSpace(ctx.state, ctx.params['space_id']!);
      removeSpace(ctx, space);
      ctx.webhooks.resourceEvent('spaceDeleted', 'space_id', space.id, { spaceId: space.id });
      return {};
    }),
  ];
}

function removeSpace(ctx: RouteContext, space: SpaceRecord): void {
  const { state } = ctx;
  const lists = new Set(state.lists.filter((l) => l.spaceId === space.id).map((l) => l.id));
  for (const task of state.tasks) if (lists.has(task.listId)) task.deleted = true;
  state.lists = state.lists.filter((l) => !lists.has(l.id));
  state.folders = state.folders.filter((f) => f.spaceId !== space.id);
  state.spaces = state.spaces.filter((s) => s !== space);
}
