import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { compact } from '../../api/dto/refs.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { entityIdParam, entityPath, entityTypeParam, withEntityHint } from './entity-params.ts';

const GetEntityLinksParams = lazySchema(() =>
  z.object({
    entityType: entityTypeParam(),
    entityId: entityIdParam(),
  }),
);

interface ApiEntityLink {
  type?: string;
  linkFieldValues?: { id?: string; summary?: string; entityStatus?: string; [field: string]: unknown };
}

export class GetEntityLinksTool extends TrackerTool<typeof GetEntityLinksParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_entity_links', TOOL_PREFIX),
    description: 'Links of a project, portfolio or goal to other entities.',
    category: 'entities',
    toolset: 'entities',
    tags: ['entity', 'project', 'goal', 'link', 'dependency', 'read'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetEntityLinksParams;

  async execute(params: ParamsOf<typeof GetEntityLinksParams>, ctx: TrackerCtx) {
    let links: ApiEntityLink[];
    try {
      links = await ctx.deps.client.get<ApiEntityLink[]>(
        `${entityPath(params.entityType, params.entityId)}/links`,
        { query: { fields: 'summary,entityStatus' }, signal: ctx.signal },
      );
    } catch (error) {
      throw withEntityHint(error);
    }
    return {
      items: (Array.isArray(links) ? links : []).map((l) =>
        compact({
          relationship: l.type,
          entityId: l.linkFieldValues?.id,
          summary: l.linkFieldValues?.summary,
          status: l.linkFieldValues?.entityStatus,
        }),
      ),
    };
  }
}
