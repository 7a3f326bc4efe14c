import {
  buildToolName,
  defineToolMetadata,
  emptyMeans,
  lazySchema,
  ValidationError,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toProjectDetail, type ApiProject } from '../../api/dto/project-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { isMissingQueue } from '../shared/known-values.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { atMost, nameParam, userIdParam, versionParam } from '../shared/params.ts';
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

const CHANGES = ['name', 'description', 'lead', 'status', 'startDate', 'endDate', 'queueIds'] as const;

const UpdateProjectParams = lazySchema(() =>
  z.object({
    projectId: projectIdParam(),
    version: versionParam,
    name: nameParam('Name.'),
    description: emptyMeans(
      z.string().refine(atMost(10_000), 'Must be at most 10000 characters long.').optional(),
      'clear',
    ).describe('Description.'),
    lead: userIdParam.optional().describe('Lead: login or uid.'),
    status: projectStatusParam.optional(),
    startDate: projectDateParam().optional(),
    endDate: projectDateParam().optional(),
    queueIds: queueIdsParam().optional().describe('Queue keys; replaces the list.'),
  }),
);

type Params = ParamsOf<typeof UpdateProjectParams>;

export class UpdateProjectTool extends TrackerTool<typeof UpdateProjectParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('update_project', TOOL_PREFIX),
    description: 'Change a project; only the given fields change.',
    category: 'projects',
    toolset: 'projects',
    tags: ['project', 'update', 'edit', 'status', 'stage', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = UpdateProjectParams;

  protected override touched(params: Params) {
    return { issueIds: [], queues: [...(params.queueIds ?? [])] };
  }

  protected override async beforeExecute(params: Params, ctx: TrackerCtx) {
    await super.beforeExecute(params, ctx);
    await assertProjectAccess(ctx, params.projectId, true);
    const start = params.startDate?.date;
    const end = params.endDate?.date;
    if ((start === undefined) === (end === undefined)) {
      assertDateOrder(this.name, start, end);
      return;
    }
    // One date given: checked against the project's other date (the API would refuse it, or keep a
    // project that ends before it starts).
    const project = await ctx.deps.client
      .get<ApiProject>(projectPath(params.projectId), { signal: ctx.signal })
      .catch(() => undefined);
    if (start !== undefined) assertDateOrder(this.name, start, project?.endDate, 'endDate');
    else assertDateOrder(this.name, project?.startDate, end, 'startDate');
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
    const body = {
      ...(params.name !== undefined ? { name: params.name } : {}),
      ...(params.description !== undefined ? { description: params.description } : {}),
      ...(params.lead !== undefined ? { lead: params.lead } : {}),
      ...(params.status !== undefined ? { status: params.status } : {}),
      ...(params.startDate !== undefined ? { startDate: params.startDate.date } : {}),
      ...(params.endDate !== undefined ? { endDate: params.endDate.date } : {}),
      ...(params.queueIds !== undefined ? { queues: queuesValue(params.queueIds) } : {}),
    };
    try {
      const project = await ctx.deps.client.patch<ApiProject>(projectPath(params.projectId), {
        json: body,
        ...(params.version !== undefined ? { query: { version: params.version } } : {}),
        signal: ctx.signal,
      });
      if (params.name !== undefined) ctx.deps.references.invalidate('project');
      const detail = toProjectDetail(project);
      return params.queueIds && !detail.queues ? { ...detail, queues: params.queueIds } : detail;
    } catch (error) {
      throw isMissingQueue(error) ? await withQueueHint(ctx, error) : withProjectHint(error);
    }
  }
}
