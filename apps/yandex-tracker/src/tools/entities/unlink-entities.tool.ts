import { buildToolName, defineToolMetadata, lazySchema, NotFoundError, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { withHint } from '../shared/known-values.ts';
import { confirmParam } from '../shared/confirmation.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import {
  entityIdParam,
  entityPath,
  entityTypeParam,
  targetIdParam,
  targetTypeParam,
  withEntityHint,
} from './entity-params.ts';

const UnlinkEntitiesParams = lazySchema(() =>
  z.object({
    entityType: entityTypeParam(),
    entityId: entityIdParam(),
    targetId: targetIdParam(),
    targetType: targetTypeParam(),
    confirm: confirmParam(),
  }),
);

type Params = ParamsOf<typeof UnlinkEntitiesParams>;

export class UnlinkEntitiesTool extends TrackerTool<typeof UnlinkEntitiesParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('unlink_entities', TOOL_PREFIX),
    description: 'Remove the link between two entities (both stay).',
    category: 'entities',
    toolset: 'entities',
    tags: ['entity', 'project', 'goal', 'link', 'unlink', 'remove'],
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = UnlinkEntitiesParams;

  async execute(params: Params, ctx: TrackerCtx) {
    await this.confirmIrreversible(
      ctx,
      params,
      `Remove the link between ${params.entityType} ${params.entityId} and ${params.targetType ?? params.entityType} ${params.targetId}? Both stay.`,
    );
    try {
      await ctx.deps.client.delete(`${entityPath(params.entityType, params.entityId)}/links`, {
        query: { right: params.targetId },
        signal: ctx.signal,
      });
    } catch (error) {
      if (NotFoundError.isInstance(error) && /связ|link/i.test(error.message)) {
        throw withHint(error, 'These two are not linked: tracker_get_entity_links lists the links.');
      }
      throw withEntityHint(error);
    }
    return { entityId: params.entityId, targetId: params.targetId, unlinked: true };
  }
}
