import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  withProjectionRoot,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toLinkType, type ApiLinkType } from '../../api/dto/reference-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { chooseView } from '../shared/list-result.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { fieldsOf } from '../shared/params.ts';

const GetLinkTypesParams = lazySchema(() =>
  z.object({
    fields: fieldsOf('id, inward'),
  }),
);

export class GetLinkTypesTool extends TrackerTool<typeof GetLinkTypesParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_link_types', TOOL_PREFIX),
    description: 'Kinds of issue links: id, inward, outward.',
    category: 'reference',
    toolset: 'reference',
    tags: ['link', 'link types', 'relationship', 'reference', 'list'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetLinkTypesParams;

  async execute(params: ParamsOf<typeof GetLinkTypesParams>, ctx: TrackerCtx) {
    const all = await ctx.deps.client.get<ApiLinkType[]>('/v2/linktypes', { signal: ctx.signal });
    const items = Array.isArray(all) ? all : [];
    return withProjectionRoot(
      { items: items.map(chooseView(params, toLinkType)), total: items.length },
      'items',
    );
  }
}
