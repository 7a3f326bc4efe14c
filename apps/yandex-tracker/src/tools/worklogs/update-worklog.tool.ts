import {
  buildToolName,
  defineToolMetadata,
  emptyMeans,
  lazySchema,
  ValidationError,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toWorklog, type ApiWorklog } from '../../api/dto/worklog-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { momentDateTime } from '../shared/moments.ts';
import { atMost, dateTimeParam, issueIdParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import {
  durationParam,
  isoDuration,
  worklogIdParam,
  worklogNotFound,
  worklogPath,
} from './worklog-common.ts';

const UpdateWorklogParams = lazySchema(() =>
  z.object({
    issueId: issueIdParam,
    worklogId: worklogIdParam(),
    start: dateTimeParam().optional(),
    duration: durationParam().optional(),
    comment: emptyMeans(
      z.string().refine(atMost(10_000), 'Must be at most 10000 characters long.').optional(),
      'clear',
    ).describe('Comment; "" removes it.'),
  }),
);

export class UpdateWorklogTool extends TrackerTool<typeof UpdateWorklogParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('update_worklog', TOOL_PREFIX),
    description: "Change a worklog's start, duration or comment.",
    category: 'worklogs',
    toolset: 'worklogs',
    tags: ['worklog', 'time', 'spent', 'edit', 'update', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = UpdateWorklogParams;

  async execute(params: ParamsOf<typeof UpdateWorklogParams>, ctx: TrackerCtx) {
    const body: Record<string, unknown> = {};
    if (params.start !== undefined) body['start'] = momentDateTime(params.start);
    if (params.duration !== undefined) body['duration'] = isoDuration(params.duration);
    if (params.comment !== undefined) body['comment'] = params.comment;
    if (Object.keys(body).length === 0) {
      throw new ValidationError({
        issues: [
          { field: '', message: 'changes nothing. Pass at least one of `start`, `duration` or `comment`.' },
        ],
      });
    }
    let worklog: ApiWorklog;
    try {
      worklog = await ctx.deps.client.patch<ApiWorklog>(
        `${worklogPath(params.issueId)}/${encodeURIComponent(String(params.worklogId))}`,
        { json: body, signal: ctx.signal },
      );
    } catch (error) {
      throw worklogNotFound(error, params.issueId, params.worklogId);
    }
    return toWorklog(worklog);
  }
}
