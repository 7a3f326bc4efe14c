import { buildToolName, defineToolMetadata, NotFoundError, ValidationError } from '@toolsmith/core';
import { z } from 'zod';
import { toWorklog, type ApiWorklog } from '../../api/dto/worklog-dto.ts';
import { TOOL_PREFIX } from '../deps.ts';
import { withHint } from '../shared/known-values.ts';
import { chooseView, listPages, type TrackerCtx } from '../shared/list-result.ts';
import {
  cursorParam,
  dateParam,
  fieldsOf,
  perPageParam,
  toTrackerDateTime,
  userIdParam,
} from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { lazySchema } from '../shared/lazy-schema.ts';

/** The API serves at most `page * perPage ≤ 10 000` worklog search results (research §3.4). */
const SEARCH_WINDOW = 10_000;

const SearchWorklogsParams = lazySchema(() =>
  z.object({
    userId: userIdParam.describe('Login or uid.'),
    from: dateParam.optional().describe('Created from, YYYY-MM-DD or ISO 8601.'),
    to: dateParam.optional().describe('Created up to (a date includes its day).'),
    perPage: perPageParam(100, 50),
    cursor: cursorParam,
    fields: fieldsOf('issue.key'),
  }),
);

export class SearchWorklogsTool extends TrackerTool<ReturnType<typeof SearchWorklogsParams>> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('search_worklogs', TOOL_PREFIX),
    description: "One person's worklogs across issues, optionally by creation date.",
    category: 'worklogs',
    toolset: 'worklogs',
    tags: ['worklog', 'time', 'spent', 'report', 'timesheet', 'user', 'search'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  getParamsSchema() {
    return SearchWorklogsParams();
  }

  protected override projectionRoot() {
    return 'items';
  }

  async execute(params: z.output<ReturnType<typeof SearchWorklogsParams>>, ctx: TrackerCtx) {
    const uid = await this.uidOf(params.userId, ctx);
    const createdAt = {
      ...(params.from !== undefined ? { from: toTrackerDateTime(params.from) } : {}),
      ...(params.to !== undefined
        ? {
            to: /T/.test(params.to)
              ? toTrackerDateTime(params.to)
              : toTrackerDateTime(`${params.to}T23:59:59.999Z`),
          }
        : {}),
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
    return {
      ...result,
      items: visible.map(view),
      userUid: uid,
      ...(hidden > 0
        ? {
            note: `${hidden} worklog(s) on issues outside this server's allowed queues (${allowed!.join(', ')}) were left out.`,
          }
        : {}),
    };
  }

  /** The API's `createdBy` takes a UID only: a login silently matches nothing (research §1.7 item 14). */
  private async uidOf(userId: string, ctx: TrackerCtx): Promise<string> {
    if (/^\d+$/.test(userId)) return userId;
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
