import {
  buildToolName,
  custom,
  defineToolMetadata,
  lazySchema,
  ValidationError,
  withProjectionRoot,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toIssueSummary } from '../../api/dto/issue-dto.ts';
import type { ApiIssue } from '../../api/dto/tracker-types.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { chooseView, firstPageOnly, listPages } from '../shared/list-result.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import {
  atMost,
  cursorParam,
  fieldsOf,
  filled,
  issueRef,
  perPageParam,
  queueIdParam,
} from '../shared/params.ts';
import { assertQueueAccess, TrackerTool } from '../shared/tracker-tool.ts';

const FindIssuesParams = lazySchema(() =>
  z.object({
    query: yqlParam().describe(
      'YQL, e.g. `Queue: DEMO Assignee: me() Status: !closed "Sort by": Updated DESC`.',
    ),
    filter: filterParam(),
    issueIds: z
      .array(issueRef)
      .refine(filled, 'Must have at least 1 item.')
      .refine(atMost(100), 'Must have at most 100 items.')
      .optional()
      .describe('These issue keys.'),
    queueId: queueIdParam.optional().describe('All issues of this queue.'),
    filterId: z.number().int().positive().optional().describe('Saved filter id.'),
    order: z
      .string()
      .refine((value) => /^[+-][A-Za-z]+$/.test(value), 'Use "+field" or "-field", e.g. "-updated".')
      .optional()
      .describe('Sort for `filter`: +field or -field, e.g. -updated.'),
    expand: z
      .array(z.enum(['transitions', 'attachments']))
      .optional()
      .describe('Extra data per issue.'),
    perPage: perPageParam(100, 50),
    cursor: cursorParam,
    fields: fieldsOf('status.key'),
  }),
);

const SELECTORS = ['query', 'filter', 'issueIds', 'queueId', 'filterId'] as const;

export class FindIssuesTool extends TrackerTool<typeof FindIssuesParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('find_issues', TOOL_PREFIX),
    description:
      'Find issues by exactly one of `query` (YQL, recommended), `filter`, `issueIds`, `queueId`, `filterId`. Returns { items, total, nextCursor }.',
    category: 'issues',
    toolset: 'issues',
    priority: 'critical',
    tags: ['search', 'query', 'yql', 'list', 'filter'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = FindIssuesParams;

  protected override checksQueuesPerItem() {
    return true;
  }

  async execute(params: ParamsOf<typeof FindIssuesParams>, ctx: TrackerCtx) {
    const body = searchBody(params);
    const { config } = ctx.deps;
    if (params.queueId) assertQueueAccess(config, params.queueId, false);
    const view = chooseView(params, toIssueSummary);
    const result = await listPages(
      this.name,
      params,
      (page, perPage) =>
        ctx.deps.client.page<ApiIssue>(
          'POST',
          '/v3/issues/_search',
          { page, perPage },
          {
            json: body,
            ...(params.expand ? { query: { expand: params.expand.join(',') } } : {}),
            signal: ctx.signal,
          },
        ),
      (issue: ApiIssue) => issue,
    );
    const allowed = config.queues;
    const visible = allowed
      ? result.items.filter((i) => allowed.includes(i.queue?.key ?? i.key.split('-')[0]!))
      : result.items;
    const hidden = result.items.length - visible.length;
    return firstPageOnly(
      ctx,
      params,
      withProjectionRoot(
        {
          ...result,
          items: visible.map(view),
          ...(hidden > 0
            ? {
                note: `${hidden} issue(s) outside this server's allowed queues (${allowed!.join(', ')}) were left out.`,
              }
            : {}),
        },
        'items',
      ),
    );
  }
}

/**
 * A YQL query: the values of its `Field: value` conditions are checked against the reference data
 * (display names and case become keys, announced; a value that matches nothing is refused).
 */
export const yqlParam = () =>
  custom(z.string().refine(filled, 'Must be at least 1 character long.').optional(), 'yql');

/** A search filter: field ids and values checked as in a query (shared/resolvers.ts). */
export const filterParam = () =>
  custom(
    z
      .record(
        z.string(),
        z.union([z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()]))]),
      )
      .optional(),
    'issueFilter',
  ).describe('Field → value(s), e.g. {"queue": "DEMO"}.');

/** The search body: exactly one selector (the API answers 400 to a combination). */
export function searchBody(params: {
  query?: string | undefined;
  filter?: Record<string, unknown> | undefined;
  issueIds?: string[] | undefined;
  queueId?: string | undefined;
  filterId?: number | undefined;
  order?: string | undefined;
}): Record<string, unknown> {
  const used = SELECTORS.filter((s) => params[s] !== undefined);
  if (used.length !== 1) {
    throw new ValidationError({
      issues: [
        {
          field: used.length === 0 ? '' : used.join(', '),
          message:
            used.length === 0
              ? 'says nothing to search by. Pass exactly one of `query` (YQL, e.g. "Queue: DEMO Status: open"), `filter`, `issueIds`, `queueId` or `filterId`.'
              : `are combined, but the API takes exactly one of them. Keep one; to combine conditions, write them all in \`query\`, e.g. "Queue: DEMO Assignee: me()".`,
        },
      ],
    });
  }
  if (params.order && !params.filter) {
    throw new ValidationError({
      issues: [
        {
          field: 'order',
          message:
            'works only with `filter`. With `query`, sort inside the query: `"Sort by": Updated DESC`.',
        },
      ],
    });
  }
  if (params.query !== undefined) return { query: params.query };
  if (params.filter !== undefined)
    return { filter: params.filter, ...(params.order ? { order: params.order } : {}) };
  if (params.issueIds !== undefined) return { keys: params.issueIds };
  if (params.queueId !== undefined) return { queue: params.queueId };
  return { filterId: params.filterId };
}
