import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { dateParam, queueIdParam, userIdParam } from '../shared/params.ts';
import { refuse } from '../shared/relations.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import {
  apiFields,
  entityPath,
  entityTypeParam,
  parentIdParam,
  summaryParam,
  toEntity,
  withEntityHint,
  type ApiEntity,
} from './entity-params.ts';

const CreateEntityParams = lazySchema(() =>
  z.object({
    entityType: entityTypeParam(),
    summary: summaryParam().describe('Name.'),
    description: z.string().optional().describe('Description.'),
    lead: userIdParam.optional().describe('Lead: login or uid.'),
    queueId: queueIdParam.optional().describe("A project's queue."),
    teamAccess: z.boolean().optional().describe('Team only.'),
    start: dateParam().optional(),
    end: dateParam().optional(),
    parentId: parentIdParam().optional(),
  }),
);

type Params = ParamsOf<typeof CreateEntityParams>;

export class CreateEntityTool extends TrackerTool<typeof CreateEntityParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_entity', TOOL_PREFIX),
    description: 'Create a project (needs queueId or teamAccess), portfolio or goal.',
    category: 'entities',
    toolset: 'entities',
    tags: ['entity', 'project', 'portfolio', 'goal', 'okr', 'create', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = CreateEntityParams;

  protected override outcomeCheck(params: Params): OutcomeCheck {
    return {
      done: `the ${params.entityType} was created`,
      tool: buildToolName('find_entities', TOOL_PREFIX),
      args: { entityType: params.entityType, text: params.summary },
      lookFor: `a ${params.entityType} named ${JSON.stringify(params.summary)}`,
    };
  }

  /** What the API would refuse after the fact, refused before anything is sent. */
  protected override async beforeExecute(params: Params, ctx: TrackerCtx) {
    await super.beforeExecute(params, ctx);
    if (params.entityType === 'project' && params.queueId === undefined && params.teamAccess === undefined) {
      throw refuse(
        this.name,
        'queueId',
        'A project needs `queueId` (its issues queue) or `teamAccess` (true: only its team sees it). Nothing was sent.',
      );
    }
    if (params.entityType === 'goal' && params.start !== undefined) {
      throw refuse(
        this.name,
        'start',
        'A goal has no start date, only `end`. Leave `start` out. Nothing was sent.',
      );
    }
    if (params.start && params.end && params.start.date > params.end.date) {
      throw refuse(
        this.name,
        'end',
        `${params.end.date} is before start ${params.start.date}. Nothing was sent.`,
      );
    }
  }

  async execute(params: Params, ctx: TrackerCtx) {
    const fields = {
      summary: params.summary,
      ...(params.description !== undefined ? { description: params.description } : {}),
      ...(params.lead !== undefined ? { lead: params.lead } : {}),
      ...(params.queueId !== undefined ? { queues: params.queueId } : {}),
      ...(params.teamAccess !== undefined ? { teamAccess: params.teamAccess } : {}),
      ...(params.start !== undefined ? { start: params.start.date } : {}),
      ...(params.end !== undefined ? { end: params.end.date } : {}),
      ...(params.parentId !== undefined ? { parentEntity: { primary: params.parentId } } : {}),
    };
    try {
      const entity = await ctx.deps.client.post<ApiEntity>(entityPath(params.entityType), {
        query: { fields: apiFields(undefined, true) },
        json: { fields },
        signal: ctx.signal,
      });
      ctx.deps.references.invalidate('entity', params.entityType);
      return toEntity(entity);
    } catch (error) {
      throw withEntityHint(error);
    }
  }
}
