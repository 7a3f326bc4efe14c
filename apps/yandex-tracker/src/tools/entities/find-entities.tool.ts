import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { firstPageOnly, listPages } from '../shared/list-result.ts';
import { cursorParam, perPageParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import {
  apiFields,
  entityPath,
  entityTypeParam,
  toEntitySummary,
  withEntityHint,
  type ApiEntity,
  type EntitySearchEnvelope,
} from './entity-params.ts';

const FindEntitiesParams = lazySchema(() =>
  z.object({
    entityType: entityTypeParam(),
    text: z.string().optional().describe('In the name.'),
    filter: z.record(z.string(), z.string()).optional().describe('Field → value, e.g. {"lead": "bob"}.'),
    orderBy: z.string().optional().describe('Field, e.g. end; -end descending.'),
    rootOnly: z.boolean().optional().describe('No parent.'),
    perPage: perPageParam(100, 50),
    cursor: cursorParam,
  }),
);

type Params = ParamsOf<typeof FindEntitiesParams>;

export class FindEntitiesTool extends TrackerTool<typeof FindEntitiesParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('find_entities', TOOL_PREFIX),
    description: 'Search projects, portfolios or goals (Entity API).',
    category: 'entities',
    toolset: 'entities',
    tags: ['entity', 'project', 'portfolio', 'goal', 'okr', 'search', 'list'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = FindEntitiesParams;

  async execute(params: Params, ctx: TrackerCtx) {
    const body = {
      ...(params.text !== undefined ? { input: params.text } : {}),
      ...(params.filter !== undefined ? { filter: params.filter } : {}),
      ...(params.orderBy !== undefined
        ? { orderBy: params.orderBy.replace(/^[-+]/, ''), orderAsc: !params.orderBy.startsWith('-') }
        : {}),
      ...(params.rootOnly !== undefined ? { rootOnly: params.rootOnly } : {}),
    };
    const fields = apiFields(undefined, false);
    try {
      const result = await listPages(
        this.name,
        params,
        async (page, perPage) => {
          const found = await ctx.deps.client.post<EntitySearchEnvelope>(
            `${entityPath(params.entityType)}/_search`,
            {
              query: { page, perPage, ...(fields ? { fields } : {}) },
              json: body,
              idempotent: true,
              signal: ctx.signal,
            },
          );
          const items = Array.isArray(found?.values) ? found.values : [];
          return { items, total: found?.hits, hasMore: page < (found?.pages ?? 1) };
        },
        (e: ApiEntity) => toEntitySummary(e),
      );
      return firstPageOnly(ctx, params, result);
    } catch (error) {
      throw withEntityHint(error);
    }
  }
}
