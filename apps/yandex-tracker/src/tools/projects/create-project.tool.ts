import { ApiError, buildToolName, defineToolMetadata, ValidationError } from '@toolsmith/core';
import { z } from 'zod';
import { toProjectDetail, type ApiProject } from '../../api/dto/project-dto.ts';
import { TOOL_PREFIX } from '../deps.ts';
import { withHint } from '../shared/known-values.ts';
import type { TrackerCtx } from '../shared/list-result.ts';
import { userIdParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { withQueueHint } from '../queues/queue-hints.ts';
import { projectDateParam, projectStatusParam, queueIdsParam, queuesValue } from './project-params.ts';
import { lazySchema } from '../shared/lazy-schema.ts';

const CreateProjectParams = lazySchema(() =>
  z.object({
    name: z.string().trim().min(1).max(200).describe('Project name, unique, e.g. "Spring release".'),
    queueIds: queueIdsParam,
    lead: userIdParam.optional().describe('Project lead: login or uid, e.g. "alice".'),
    description: z
      .string()
      .max(10_000)
      .optional()
      .describe('Project description, e.g. "Everything for the spring release".'),
    status: projectStatusParam
      .optional()
      .describe('Stage: DRAFT (default), IN_PROGRESS, LAUNCHED or POSTPONED.'),
    startDate: projectDateParam('Start date', '2026-03-01').optional(),
    endDate: projectDateParam('End date, not before startDate', '2026-05-31').optional(),
  }),
);

type Params = z.output<ReturnType<typeof CreateProjectParams>>;

export class CreateProjectTool extends TrackerTool<ReturnType<typeof CreateProjectParams>> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_project', TOOL_PREFIX),
    title: 'Create project',
    description:
      'Create a project over one or more queues, with an optional lead, description, stage (DRAFT, IN_PROGRESS, LAUNCHED, POSTPONED) and start and end dates (YYYY-MM-DD).',
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
