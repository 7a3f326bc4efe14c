/**
 * Users (research §3.8): `GET /myself` (the auth probe), `GET /users` (page style: `perPage`,
 * `page`, `X-Total-Count`; no text search, as in the API) and `GET /users/{login|uid}`.
 */
import { pageResponse } from '../paginate.ts';
import { findUser, renderUser } from '../render.ts';
import { respond, route, type TrackerRoute } from '../router.ts';
import { notFound } from '../tracker-error.ts';

export function usersRoutes(): TrackerRoute[] {
  return [
    route('GET', '/myself', (ctx) => {
      const user = findUser(ctx.state, ctx.me);
      if (!user) throw notFound('Пользователь не найден');
      return renderUser(user);
    }),
    route('GET', '/users', (ctx) => respond(pageResponse(ctx.request, ctx.state.users, renderUser))),
    route('GET', '/users/:id', (ctx) => {
      const user = findUser(ctx.state, ctx.params['id']!);
      if (!user) throw notFound('Пользователь не найден');
      return renderUser(user);
    }),
  ];
}
