import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  NotFoundError,
  ValidationError,
  withProjectionRoot,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toWorklog, type ApiWorklog } from '../../api/dto/worklog-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { withHint } from '../shared/known-values.ts';
import { chooseView, firstPageOnly, listPages } from '../shared/list-result.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { momentDateTime, momentEnd, momentEndMs } from '../shared/moments.ts';
import { cursorParam, dateTimeParam, fieldsOf, perPageParam, userIdParam } from '../shared/params.ts';
import { refuse } from '../shared/relations.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';

/** The API serves at most `page * perPage ≤ 10 000` worklog search results (research §3.4). */
const SEARCH_WINDOW = 10_000;

const SearchWorklogsParams = lazySchema(() =>
  z.object({
    userId: userIdParam.describe('Login or uid.'),
    from: dateTimeParam('Created from, YYYY-MM-DD or ISO 8601.').optional(),
    to: dateTimeParam('Created up to (a date includes its day).').optional(),
    perPage: perPageParam(100, 50),
    cursor: cursorParam,
    fields: fieldsOf('issue.key'),
  }),
);

export class SearchWorklogsTool extends TrackerTool<typeof SearchWorklogsParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('search_worklogs', TOOL_PREFIX),
    description: "One person's worklogs across issues, optionally by creation date.",
    category: 'worklogs',
    toolset: 'worklogs',
    tags: ['worklog', 'time', 'spent', 'report', 'timesheet', 'user', 'search'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = SearchWorklogsParams;

  /** A range that ends before it starts would silently find nothing: refused. */
  protected override async beforeExecute(params: ParamsOf<typeof SearchWorklogsParams>, ctx: TrackerCtx) {
    await super.beforeExecute(params, ctx);
    if (params.from && params.to && params.from.epochMs > momentEndMs(params.to))
      throw refuse(
        this.name,
        'to',
        `(${params.to.iso}) is before \`from\` (${params.from.iso}): the search would find nothing. Swap them or fix one.`,
      );
  }

  async execute(params: ParamsOf<typeof SearchWorklogsParams>, ctx: TrackerCtx) {
    const uid = await this.uidOf(params.userId, ctx);
    const createdAt = {
      ...(params.from !== undefined ? { from: momentDateTime(params.from) } : {}),
      ...(params.to !== undefined ? { to: momentEnd(params.to) } : {}),
    };
    const body = { createdBy: uid, ...(Object.keys(createdAt).length > 0 ? { createdAt } : {}) };
    const view = chooseView(params, toWorklog);
    const result = await listPages(
      this.name,
      params,
      (page, perPage) => {
        if (page * perPage > SEARCH_WINDOW) {
          throw new ValidationError({
            issues: [
              {
                field: 'cursor',
                message: `reaches past the first ${SEARCH_WINDOW} results, which is all the API serves. Narrow the search with \`from\`/\`to\`.`,
              },
            ],
          });
        }
        return ctx.deps.client.page<ApiWorklog>(
          'POST',
          '/v2/worklog/_search',
          { page, perPage },
          {
            json: body,
            signal: ctx.signal,
          },
        );
      },
      (worklog: ApiWorklog) => worklog,
    );
    const allowed = ctx.deps.config.queues;
    const visible = allowed
      ? result.items.filter((w) => allowed.includes(w.issue?.key?.split('-')[0] ?? ''))
      : result.items;
    const hidden = result.items.length - visible.length;
    return firstPageOnly(
      ctx,
      params,
      withProjectionRoot(
        {
          ...result,
          items: visible.map(view),
          userUid: uid,
          ...(hidden > 0
            ? {
                note: `${hidden} worklog(s) on issues outside this server's allowed queues (${allowed!.join(', ')}) were left out.`,
              }
            : {}),
        },
        'items',
      ),
    );
  }

  /** The API's `createdBy` takes a UID only: a login silently matches nothing (research §1.7 item 14). */
  private async uidOf(userId: string, ctx: TrackerCtx): Promise<string> {
    if (/^\d+$/.test(userId)) return userId;
    // The login was resolved against the users already read: their uid is there.
    const users = await ctx.deps.references.entities('user', undefined, ctx);
    const uid = users?.byExact.get(userId)?.exact?.[0];
    if (uid !== undefined) return String(uid);
    try {
      const user = await ctx.deps.client.get<{ uid?: number | string }>(
        `/v3/users/${encodeURIComponent(userId)}`,
        {
          signal: ctx.signal,
        },
      );
      if (user.uid !== undefined) return String(user.uid);
    } catch (error) {
      if (NotFoundError.isInstance(error)) {
        throw withHint(
          error,
          `No user "${userId}" was found. Pass an existing login or uid; tracker_find_users lists them.`,
        );
      }
      throw error;
    }
    throw new NotFoundError({
      message: `User "${userId}" has no uid in the API's answer. Pass the numeric uid instead (tracker_find_users shows it).`,
    });
  }
}
