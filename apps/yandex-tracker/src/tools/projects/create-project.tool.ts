import {
  ApiError,
  buildToolName,
  defineToolMetadata,
  fold,
  labelOf,
  lazySchema,
  ValidationError,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toProjectDetail, type ApiProject } from '../../api/dto/project-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { withHint } from '../shared/known-values.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { atMost, filled, userIdParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { withQueueHint } from '../queues/queue-hints.ts';
import { projectDateParam, projectStatusParam, queueIdsParam, queuesValue } from './project-params.ts';

const CreateProjectParams = lazySchema(() =>
  z.object({
    name: z
      .string()
      .trim()
      .refine(filled, 'Must be at least 1 character long.')
      .refine(atMost(200), 'Must be at most 200 characters long.')
      .describe('Unique name.'),
    queueIds: queueIdsParam(),
    lead: userIdParam.optional().describe('Lead: login or uid.'),
    description: z
      .string()
      .refine(atMost(10_000), 'Must be at most 10000 characters long.')
      .optional()
      .describe('Description.'),
    status: projectStatusParam.optional().describe('Stage (default DRAFT).'),
    startDate: projectDateParam().optional(),
    endDate: projectDateParam('YYYY-MM-DD, not before startDate.').optional(),
  }),
);

type Params = ParamsOf<typeof CreateProjectParams>;

export class CreateProjectTool extends TrackerTool<typeof CreateProjectParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_project', TOOL_PREFIX),
    description: 'Create a project over queues.',
    category: 'projects',
    toolset: 'projects',
    tags: ['project', 'create', 'new', 'write', 'roadmap'],
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = CreateProjectParams;

  protected override outcomeCheck(params: Params): OutcomeCheck {
    return {
      done: 'the project was created',
      tool: buildToolName('get_projects', TOOL_PREFIX),
      args: { queueId: params.queueIds[0] },
      lookFor: `a project named ${JSON.stringify(params.name)}`,
    };
  }

  protected override touched(params: Params) {
    return { issueIds: [], queues: [...params.queueIds] };
  }

  /** Dates in order, and a name no project has (the API's 409), before anything is sent. */
  protected override async beforeExecute(params: Params, ctx: TrackerCtx) {
    await super.beforeExecute(params, ctx);
    assertDateOrder(this.name, params.startDate?.date, params.endDate?.date);
    const projects = await ctx.deps.references.entities('project', undefined, ctx);
    const same = projects?.list.records.find((r) => r.names?.some((n) => fold(n) === fold(params.name)));
    if (same)
      throw new ValidationError({
        toolName: this.name,
        issues: [
          {
            field: 'name',
            message: `There is a project with this name already: ${labelOf(same)}. Use it, or pick another name. Nothing was sent.`,
          },
        ],
      });
  }

  async execute(params: Params, ctx: TrackerCtx) {
    const body = {
      name: params.name,
      queues: queuesValue(params.queueIds),
      ...(params.lead !== undefined ? { lead: params.lead } : {}),
      ...(params.description !== undefined ? { description: params.description } : {}),
      ...(params.status !== undefined ? { status: params.status } : {}),
      ...(params.startDate !== undefined ? { startDate: params.startDate.date } : {}),
      ...(params.endDate !== undefined ? { endDate: params.endDate.date } : {}),
    };
    try {
      const project = await ctx.deps.client.post<ApiProject>('/v2/projects/', {
        json: body,
        signal: ctx.signal,
      });
      ctx.deps.references.invalidate('project');
      return { ...toProjectDetail(project), queues: project.queues?.map((q) => q.key) ?? params.queueIds };
    } catch (error) {
      if (ApiError.isInstance(error) && error.status === 409) {
        throw withHint(
          error,
          `A project named "${params.name}" already exists: use it (tracker_get_projects shows its id) or pick another name.`,
        );
      }
      throw await withQueueHint(ctx, error);
    }
  }
}

/** Start after end is refused before anything is sent (`stored`: the project's other date, when only one is given). */
export function assertDateOrder(
  toolName: string,
  startDate: string | undefined,
  endDate: string | undefined,
  stored?: 'startDate' | 'endDate',
) {
  if (startDate && endDate && startDate > endDate) {
    throw new ValidationError({
      toolName,
      issues: [
        stored === 'endDate'
          ? {
              field: 'startDate',
              message: `(${startDate}) is after the project's endDate (${endDate}). Pass an endDate too, or an earlier startDate.`,
            }
          : {
              field: 'endDate',
              message: `(${endDate}) is before ${stored === 'startDate' ? "the project's " : ''}startDate (${startDate}). ${stored ? 'Pass a startDate too, or a later endDate.' : 'Swap them or fix one.'}`,
            },
      ],
    });
  }
}
