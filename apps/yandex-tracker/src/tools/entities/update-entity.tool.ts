import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  emptyMeans,
  ValidationError,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { dateParam, userIdParam, versionParam } from '../shared/params.ts';
import { refuse } from '../shared/relations.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import {
  apiFields,
  entityIdParam,
  entityPath,
  entityTypeParam,
  parentIdParam,
  summaryParam,
  toEntity,
  withEntityHint,
  type ApiEntity,
} from './entity-params.ts';

const UpdateEntityParams = lazySchema(() =>
  z.object({
    entityType: entityTypeParam(),
    entityId: entityIdParam(),
    version: versionParam,
    summary: summaryParam().optional().describe('New name.'),
    description: emptyMeans(z.string().optional(), 'clear').describe('Description; "" clears.'),
    lead: userIdParam.optional().describe('Lead: login or uid.'),
    status: z.string().optional().describe('e.g. in_progress.'),
    start: dateParam().optional(),
    end: dateParam().optional(),
    parentId: parentIdParam().optional(),
  }),
);

type Params = ParamsOf<typeof UpdateEntityParams>;

export class UpdateEntityTool extends TrackerTool<typeof UpdateEntityParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('update_entity', TOOL_PREFIX),
    description: 'Change a project, portfolio or goal (only the fields given).',
    category: 'entities',
    toolset: 'entities',
    tags: ['entity', 'project', 'portfolio', 'goal', 'okr', 'update', 'status', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = UpdateEntityParams;

  async execute(params: Params, ctx: TrackerCtx) {
    if (params.entityType === 'goal' && params.start !== undefined) {
      throw refuse(
        this.name,
        'start',
        'A goal has no start date, only `end`. Leave `start` out. Nothing was sent.',
      );
    }
    const fields = {
      ...(params.summary !== undefined ? { summary: params.summary } : {}),
      ...(params.description !== undefined ? { description: params.description || null } : {}),
      ...(params.lead !== undefined ? { lead: params.lead } : {}),
      ...(params.status !== undefined ? { entityStatus: params.status } : {}),
      ...(params.start !== undefined ? { start: params.start.date } : {}),
      ...(params.end !== undefined ? { end: params.end.date } : {}),
      ...(params.parentId !== undefined ? { parentEntity: { primary: params.parentId } } : {}),
    };
    if (Object.keys(fields).length === 0) {
      throw new ValidationError({
        toolName: this.name,
        issues: [
          {
            field: '',
            message:
              'says nothing to change. Pass at least one of `summary`, `description`, `lead`, `status`, `start`, `end`, `parentId`.',
          },
        ],
      });
    }
    try {
      const entity = await ctx.deps.client.patch<ApiEntity>(entityPath(params.entityType, params.entityId), {
        query: {
          fields: apiFields(undefined, true),
          ...(params.version !== undefined ? { version: params.version } : {}),
        },
        json: { fields },
        signal: ctx.signal,
      });
      if (params.summary !== undefined) ctx.deps.references.invalidate('entity', params.entityType);
      return toEntity(entity);
    } catch (error) {
      throw withEntityHint(error);
    }
  }
}
