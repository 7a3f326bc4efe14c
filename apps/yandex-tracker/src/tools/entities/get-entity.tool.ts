import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { chooseView } from '../shared/list-result.ts';
import { fieldsOf } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import {
  apiFields,
  entityIdParam,
  entityPath,
  entityTypeParam,
  toEntity,
  withEntityHint,
  type ApiEntity,
} from './entity-params.ts';

const GetEntityParams = lazySchema(() =>
  z.object({
    entityType: entityTypeParam(),
    entityId: entityIdParam(),
    fields: fieldsOf('fields.keyResultItems, version'),
  }),
);

export class GetEntityTool extends TrackerTool<typeof GetEntityParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_entity', TOOL_PREFIX),
    description: 'Read one project, portfolio or goal with its version.',
    category: 'entities',
    toolset: 'entities',
    tags: ['entity', 'project', 'portfolio', 'goal', 'okr', 'read'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetEntityParams;

  async execute(params: ParamsOf<typeof GetEntityParams>, ctx: TrackerCtx) {
    const fields = apiFields(params.fields, true);
    try {
      const entity = await ctx.deps.client.get<ApiEntity>(entityPath(params.entityType, params.entityId), {
        ...(fields ? { query: { fields } } : {}),
        signal: ctx.signal,
      });
      return chooseView(params, toEntity)(entity);
    } catch (error) {
      throw withEntityHint(error);
    }
  }
}
