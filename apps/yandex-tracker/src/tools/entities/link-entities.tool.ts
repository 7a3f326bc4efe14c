import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { refuse } from '../shared/relations.ts';
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

export const ENTITY_RELATIONSHIPS = ['relates', 'depends on', 'is dependent by'] as const;

const LinkEntitiesParams = lazySchema(() =>
  z.object({
    entityType: entityTypeParam(),
    entityId: entityIdParam(),
    relationship: z.enum(ENTITY_RELATIONSHIPS).describe("From entityId's side."),
    targetId: targetIdParam(),
    targetType: targetTypeParam(),
  }),
);

type Params = ParamsOf<typeof LinkEntitiesParams>;

export class LinkEntitiesTool extends TrackerTool<typeof LinkEntitiesParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('link_entities', TOOL_PREFIX),
    description: 'Link a project, portfolio or goal to another entity.',
    category: 'entities',
    toolset: 'entities',
    tags: ['entity', 'project', 'goal', 'link', 'dependency', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = LinkEntitiesParams;

  protected override outcomeCheck(params: Params): OutcomeCheck {
    return {
      done: 'the link was made',
      tool: buildToolName('get_entity_links', TOOL_PREFIX),
      args: { entityType: params.entityType, entityId: params.entityId },
      lookFor: `a link "${params.relationship}" to ${params.targetId}`,
    };
  }

  async execute(params: Params, ctx: TrackerCtx) {
    if (params.targetId === params.entityId) {
      throw refuse(
        this.name,
        'targetId',
        'is the entity itself: link it to another entity. Nothing was sent.',
      );
    }
    try {
      await ctx.deps.client.post(`${entityPath(params.entityType, params.entityId)}/links`, {
        json: { relationship: params.relationship, entity: params.targetId },
        signal: ctx.signal,
      });
    } catch (error) {
      throw withEntityHint(error);
    }
    return {
      entityId: params.entityId,
      relationship: params.relationship,
      targetId: params.targetId,
      linked: true,
    };
  }
}
