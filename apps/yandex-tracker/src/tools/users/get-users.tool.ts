import { buildToolName, defineToolMetadata, lazySchema, NotFoundError, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { toUser, type ApiUser } from '../../api/dto/user-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { runBatch } from '../shared/batch.ts';
import { chooseView } from '../shared/list-result.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { atMost, fieldsOf, filled, userRef } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';

const GetUsersParams = lazySchema(() =>
  z.object({
    userIds: z
      .array(userRef())
      .refine(filled, 'Must have at least 1 item.')
      .refine(atMost(50), 'Must have at most 50 items.')
      .describe('Logins or uids.'),
    fields: fieldsOf('uid, login'),
  }),
);

export class GetUsersTool extends TrackerTool<typeof GetUsersParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_users', TOOL_PREFIX),
    description: 'Read users by login or uid.',
    category: 'users',
    toolset: 'users',
    tags: ['user', 'users', 'people', 'login', 'uid', 'read', 'batch'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetUsersParams;

  async execute(params: ParamsOf<typeof GetUsersParams>, ctx: TrackerCtx) {
    const view = chooseView(params, toUser);
    return runBatch(
      ctx,
      params.userIds,
      async (userId) => {
        try {
          return view(
            await ctx.deps.client.get<ApiUser>(`/v3/users/${encodeURIComponent(userId)}`, {
              signal: ctx.signal,
            }),
          );
        } catch (error) {
          if (NotFoundError.isInstance(error)) {
            throw new NotFoundError({
              message: `No user with login or uid "${userId}". Find people with tracker_find_users.`,
              resource: 'user',
              id: userId,
              cause: error,
            });
          }
          throw error;
        }
      },
      { field: 'userIds', idOf: (id) => id, idField: 'userId' },
    );
  }
}
