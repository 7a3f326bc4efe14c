import { buildToolName, defineToolMetadata, ValidationError } from '@toolsmith/core';
import { z } from 'zod';
import { toProjectDetail, type ApiProject } from '../../api/dto/project-dto.ts';
import { TOOL_PREFIX } from '../deps.ts';
import { isMissingQueue } from '../shared/known-values.ts';
import type { TrackerCtx } from '../shared/list-result.ts';
import { userIdParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { withQueueHint } from '../queues/queue-hints.ts';
import { assertDateOrder } from './create-project.tool.ts';
import {
  assertProjectAccess,
  projectDateParam,
  projectIdParam,
  projectPath,
  projectStatusParam,
  queueIdsParam,
  queuesValue,
  withProjectHint,
} from './project-params.ts';
import { lazySchema } from '../shared/lazy-schema.ts';

const CHANGES = ['name', 'description', 'lead', 'status', 'startDate', 'endDate', 'queueIds'] as const;

const UpdateProjectParams = lazySchema(() =>
  z.object({
    projectId: projectIdParam,
    version: z
      .number()
      .int()
      .positive()
      .optional()
      .describe(
        'The project `version` you read (tracker_get_project); the change is refused if it changed since, e.g. 2.',
      ),
    name: z.string().trim().min(1).max(200).optional().describe('New name, e.g. "Spring release 2".'),
    description: z.string().max(10_000).optional().describe('New description.'),
    lead: userIdParam.optional().describe('New lead: login or uid, e.g. "bob".'),
    status: projectStatusParam.optional(),
    startDate: projectDateParam('New start date', '2026-03-01').optional(),
    endDate: projectDateParam('New end date', '2026-06-30').optional(),
    queueIds: queueIdsParam
      .optional()
      .describe('REPLACES the project’s queues with these, e.g. ["DEMO", "WEB"].'),
  }),
);

type Params = z.output<ReturnType<typeof UpdateProjectParams>>;

export class UpdateProjectTool extends TrackerTool<ReturnType<typeof UpdateProjectParams>> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('update_project', TOOL_PREFIX),
    title: 'Update project',
    description:
      'Change a project’s name, description, lead, stage, dates or queues. Only the given fields change; `queueIds` replaces the queue list. Pass `version` from tracker_get_project to refuse overwriting someone else’s change.',
    category: 'projects',
    toolset: 'projects',
    tags: ['project', 'update', 'edit', 'status', 'stage', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: true },
  });

  getParamsSchema() {
    return UpdateProjectParams();
  }

  protected override touched(params: Params) {
    return { issueIds: [], queues: [...(params.queueIds ?? [])] };
  }

  protected override async beforeExecute(params: Params, ctx: TrackerCtx) {
    await super.beforeExecute(params, ctx);
    await assertProjectAccess(ctx, params.projectId, true);
  }

  async execute(params: Params, ctx: TrackerCtx) {
    if (CHANGES.every((key) => params[key] === undefined)) {
      throw new ValidationError({
        issues: [
          {
            field: '',
            message: `says nothing to change. Pass at least one of ${CHANGES.map((c) => `\`${c}\``).join(', ')}.`,
          },
        ],
      });
    }
    assertDateOrder(params);
    const body = {
      ...(params.name !== undefined ? { name: params.name } : {}),
      ...(params.description !== undefined ? { description: params.description } : {}),
      ...(params.lead !== undefined ? { lead: params.lead } : {}),
      ...(params.status !== undefined ? { status: params.status } : {}),
      ...(params.startDate !== undefined ? { startDate: params.startDate } : {}),
      ...(params.endDate !== undefined ? { endDate: params.endDate } : {}),
      ...(params.queueIds !== undefined ? { queues: queuesValue(params.queueIds) } : {}),
    };
    try {
      const project = await ctx.deps.client.patch<ApiProject>(projectPath(params.projectId), {
        json: body,
        ...(params.version !== undefined ? { query: { version: params.version } } : {}),
        signal: ctx.signal,
      });
      const detail = toProjectDetail(project);
      return params.queueIds && !detail.queues ? { ...detail, queues: params.queueIds } : detail;
    } catch (error) {
      throw isMissingQueue(error) ? await withQueueHint(ctx, error) : withProjectHint(error);
    }
  }
}
