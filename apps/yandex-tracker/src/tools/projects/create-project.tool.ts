import { ApiError, buildToolName, defineToolMetadata, ValidationError } from '@toolsmith/core';
import { z } from 'zod';
import { toProjectDetail, type ApiProject } from '../../api/dto/project-dto.ts';
import { TOOL_PREFIX } from '../deps.ts';
import { withHint } from '../shared/known-values.ts';
import type { TrackerCtx } from '../shared/list-result.ts';
import { atMost, filled, userIdParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { withQueueHint } from '../queues/queue-hints.ts';
import { projectDateParam, projectStatusParam, queueIdsParam, queuesValue } from './project-params.ts';
import { lazySchema } from '../shared/lazy-schema.ts';

const CreateProjectParams = lazySchema(() =>
  z.object({
    name: z
      .string()
      .trim()
      .refine(filled, 'Must be at least 1 character long.')
      .refine(atMost(200), 'Must be at most 200 characters long.')
      .describe('Unique name.'),
    queueIds: queueIdsParam,
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

type Params = z.output<ReturnType<typeof CreateProjectParams>>;

export class CreateProjectTool extends TrackerTool<ReturnType<typeof CreateProjectParams>> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_project', TOOL_PREFIX),
    description: 'Create a project over queues.',
    category: 'projects',
    toolset: 'projects',
    tags: ['project', 'create', 'new', 'write', 'roadmap'],
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
  });

  getParamsSchema() {
    return CreateProjectParams();
  }

  protected override touched(params: Params) {
    return { issueIds: [], queues: [...params.queueIds] };
  }

  async execute(params: Params, ctx: TrackerCtx) {
    assertDateOrder(params);
    const body = {
      name: params.name,
      queues: queuesValue(params.queueIds),
      ...(params.lead !== undefined ? { lead: params.lead } : {}),
      ...(params.description !== undefined ? { description: params.description } : {}),
      ...(params.status !== undefined ? { status: params.status } : {}),
      ...(params.startDate !== undefined ? { startDate: params.startDate } : {}),
      ...(params.endDate !== undefined ? { endDate: params.endDate } : {}),
    };
    try {
      const project = await ctx.deps.client.post<ApiProject>('/v2/projects/', {
        json: body,
        signal: ctx.signal,
      });
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

/** Start after end is refused before anything is sent. */
export function assertDateOrder(params: { startDate?: string | undefined; endDate?: string | undefined }) {
  if (params.startDate && params.endDate && params.startDate > params.endDate) {
    throw new ValidationError({
      issues: [
        {
          field: 'endDate',
          message: `(${params.endDate}) is before startDate (${params.startDate}). Swap them or fix one.`,
        },
      ],
    });
  }
}
