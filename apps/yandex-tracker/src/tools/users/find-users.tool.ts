import {
  buildToolName,
  decodeCursor,
  defineToolMetadata,
  encodeCursor,
  lazySchema,
  requestFingerprint,
  withProjectionRoot,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toUser, userMatches, type ApiUser } from '../../api/dto/user-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { chooseView, firstPageOnly, listPages } from '../shared/list-result.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { atMost, cursorParam, fieldsOf, filled, perPageParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';

/** Users per API page while searching, and how many pages a search reads at most. */
export const SCAN_PAGE_SIZE = 100;
export const SCAN_MAX_PAGES = 50;

const FindUsersParams = lazySchema(() =>
  z.object({
    query: z
      .string()
      .trim()
      .refine(filled, 'Must be at least 1 character long.')
      .refine(atMost(200), 'Must be at most 200 characters long.')
      .optional()
      .describe('Part of a login, name or email; omit to list all.'),
    perPage: perPageParam(100, 50),
    cursor: cursorParam,
    fields: fieldsOf('uid, login'),
  }),
);

type FindUsersInput = ParamsOf<typeof FindUsersParams>;

export class FindUsersTool extends TrackerTool<typeof FindUsersParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('find_users', TOOL_PREFIX),
    description: 'Find people by part of a login, name or email.',
    category: 'users',
    toolset: 'users',
    tags: ['user', 'users', 'people', 'search', 'login', 'uid', 'email', 'assignee'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = FindUsersParams;

  async execute(params: FindUsersInput, ctx: TrackerCtx) {
    const view = chooseView(params, toUser);
    if (params.query === undefined) {
      return firstPageOnly(
        ctx,
        params,
        await listPages(
          this.name,
          params,
          (page, perPage) =>
            ctx.deps.client.page<ApiUser>('GET', '/v3/users', { page, perPage }, { signal: ctx.signal }),
          view,
        ),
      );
    }
    return firstPageOnly(ctx, params, await this.search(params, params.query.toLowerCase(), ctx, view));
  }

  /**
   * The API has no user search: read its pages in order, keep the matches, and stop as soon as the
   * requested page and one more match are known (or the list ends, or the scan limit is reached).
   */
  private async search<R>(
    params: FindUsersInput,
    query: string,
    ctx: TrackerCtx,
    view: (user: ApiUser) => R,
  ) {
    const fingerprint = requestFingerprint(this.name, params);
    const position = decodeCursor(params.cursor, fingerprint, { page: 1 });
    const page = 'page' in position ? position.page : 1;
    const end = page * params.perPage;
    const matches: ApiUser[] = [];
    let exhausted = false;
    let scanned = 0;
    for (let apiPage = 1; apiPage <= SCAN_MAX_PAGES; apiPage++) {
      const result = await ctx.deps.client.page<ApiUser>(
        'GET',
        '/v3/users',
        { page: apiPage, perPage: SCAN_PAGE_SIZE },
        { signal: ctx.signal },
      );
      scanned += result.items.length;
      matches.push(...result.items.filter((user) => userMatches(user, query)));
      if (!result.hasMore || result.items.length === 0) {
        exhausted = true;
        break;
      }
      if (matches.length > end) break;
    }
    const more = matches.length > end;
    return withProjectionRoot(
      {
        items: matches.slice(end - params.perPage, end).map(view),
        ...(exhausted ? { total: matches.length } : {}),
        ...(more ? { nextCursor: encodeCursor(fingerprint, { page: page + 1 }) } : {}),
        ...(!exhausted && !more
          ? {
              note: `Searched the first ${scanned} users only (the API has no user search, so this server reads the list page by page). Use a more specific \`query\`, or list everyone without \`query\` and page with \`cursor\`.`,
            }
          : {}),
      },
      'items',
    );
  }
}
