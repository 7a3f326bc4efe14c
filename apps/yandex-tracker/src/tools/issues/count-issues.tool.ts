import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  ValidationError,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { assertQueueAccess, TrackerTool } from '../shared/tracker-tool.ts';
import { filterParam, yqlParam } from './find-issues.tool.ts';

const CountIssuesParams = lazySchema(() =>
  z.object({
    query: yqlParam().describe('YQL, e.g. `Queue: DEMO Status: !closed`.'),
    filter: filterParam(),
  }),
);

export class CountIssuesTool extends TrackerTool<typeof CountIssuesParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('count_issues', TOOL_PREFIX),
    description: 'Count the issues matching `query` or `filter` without fetching them.',
    category: 'issues',
    toolset: 'issues',
    priority: 'high',
    tags: ['count', 'search', 'query', 'yql', 'total', 'how many'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = CountIssuesParams;

  async execute(params: ParamsOf<typeof CountIssuesParams>, ctx: TrackerCtx) {
    if ((params.query === undefined) === (params.filter === undefined)) {
      throw new ValidationError({
        toolName: this.name,
        issues: [
          {
            field: params.query === undefined ? '' : 'query, filter',
            message:
              params.query === undefined
                ? 'says nothing to count. Pass exactly one of `query` (YQL, e.g. "Queue: DEMO Status: open") or `filter` (e.g. {"queue": "DEMO"}).'
                : 'are combined, but the API takes exactly one of them. Keep one; to combine conditions, write them all in `query`, e.g. "Queue: DEMO Assignee: me()".',
          },
        ],
      });
    }
    const body = restrictToAllowedQueues(params, ctx);
    const count = await ctx.deps.client.post<number>('/v3/issues/_count', {
      json: body,
      idempotent: true,
      signal: ctx.signal,
    });
    return { count: Number(count) };
  }
}

/**
 * With a queue allow-list, the count covers only the allowed queues: a `filter` queue is checked
 * (or set to the allowed queues), a `query` gets `Queue: <allowed>` appended (an AND in YQL).
 */
function restrictToAllowedQueues(
  params: { query?: string | undefined; filter?: Record<string, unknown> | undefined },
  ctx: TrackerCtx,
): Record<string, unknown> {
  const allowed = ctx.deps.config.queues;
  if (params.filter !== undefined) {
    if (!allowed) return { filter: params.filter };
    const queues = params.filter['queue'];
    if (queues === undefined) return { filter: { ...params.filter, queue: allowed } };
    for (const queue of Array.isArray(queues) ? queues : [queues])
      assertQueueAccess(ctx.deps.config, String(queue), false);
    return { filter: params.filter };
  }
  const query = params.query!;
  if (!allowed) return { query };
  if (/(^|\s)or(\s|$)/i.test(query.replace(/"[^"]*"/g, '""'))) {
    throw new ValidationError({
      issues: [
        {
          field: 'query',
          message: `uses OR, which this server cannot combine safely with its queue allow-list (${allowed.join(', ')}). Count each alternative separately, or list values with commas, e.g. "Status: open, inProgress".`,
        },
      ],
    });
  }
  // "Sort by" ends a query: the condition goes before it.
  const sortAt = query.search(/"?sort by"?\s*:/i);
  const [head, tail] = sortAt === -1 ? [query, ''] : [query.slice(0, sortAt), ` ${query.slice(sortAt)}`];
  return { query: `${head.trim()} Queue: ${allowed.join(', ')}${tail}` };
}
