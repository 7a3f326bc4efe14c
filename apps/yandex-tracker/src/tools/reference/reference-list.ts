/**
 * The four lists of reference values (statuses, issue types, priorities, resolutions): the API
 * returns each whole, so they are paged locally; `localized` is passed through as the API's query.
 */
import { lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { toReferenceItem, type ApiReferenceItem } from '../../api/dto/reference-dto.ts';
import { chooseView, firstPageOnly, listLocal } from '../shared/list-result.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { cursorParam, fieldsOf, perPageParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';

export const ReferenceListParams = lazySchema(() =>
  z.object({
    localized: z.boolean().optional().describe('false: names in every language.'),
    perPage: perPageParam(100, 50),
    cursor: cursorParam,
    fields: fieldsOf('key, name'),
  }),
);

export type ReferenceListInput = ParamsOf<typeof ReferenceListParams>;

export abstract class ReferenceListTool extends TrackerTool<typeof ReferenceListParams> {
  /** API path, e.g. `/v3/statuses`. */
  protected abstract readonly path: string;

  static override readonly PARAMS = ReferenceListParams;

  async execute(params: ReferenceListInput, ctx: TrackerCtx) {
    const all = await ctx.deps.client.get<ApiReferenceItem[]>(this.path, {
      ...(params.localized !== undefined ? { query: { localized: params.localized } } : {}),
      signal: ctx.signal,
    });
    return firstPageOnly(
      ctx,
      params,
      listLocal(this.name, params, Array.isArray(all) ? all : [], chooseView(params, toReferenceItem)),
    );
  }
}
