import { buildToolName, defineToolMetadata, ValidationError } from '@toolsmith/core';
import { z } from 'zod';
import { toWorklog, type ApiWorklog } from '../../api/dto/worklog-dto.ts';
import { TOOL_PREFIX } from '../deps.ts';
import type { TrackerCtx } from '../shared/list-result.ts';
import { atMost, dateParam, issueIdParam, toTrackerDateTime } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import {
  durationNote,
  durationParam,
  toIsoDuration,
  worklogIdParam,
  worklogNotFound,
  worklogPath,
} from './worklog-common.ts';
import { lazySchema } from '../shared/lazy-schema.ts';

const UpdateWorklogParams = lazySchema(() =>
  z.object({
    issueId: issueIdParam,
    worklogId: worklogIdParam,
    start: dateParam.optional().describe('ISO 8601 with zone, e.g. 2026-11-21T10:00:00+03:00.'),
    duration: durationParam.optional(),
    comment: z
      .string()
      .refine(atMost(10_000), 'Must be at most 10000 characters long.')
      .optional()
      .describe('Comment; "" removes it.'),
  }),
);

export class UpdateWorklogTool extends TrackerTool<ReturnType<typeof UpdateWorklogParams>> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('update_worklog', TOOL_PREFIX),
    description: "Change a worklog's start, duration or comment.",
    category: 'worklogs',
    toolset: 'worklogs',
    tags: ['worklog', 'time', 'spent', 'edit', 'update', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: true },
  });

  getParamsSchema() {
    return UpdateWorklogParams();
  }

  async execute(params: z.output<ReturnType<typeof UpdateWorklogParams>>, ctx: TrackerCtx) {
    const body: Record<string, unknown> = {};
    if (params.start !== undefined) body['start'] = toTrackerDateTime(params.start);
    if (params.duration !== undefined) body['duration'] = toIsoDuration(params.duration);
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
    const note =
      typeof body['duration'] === 'string' ? durationNote(body['duration'], worklog.duration) : undefined;
    return { ...toWorklog(worklog), ...(note ? { note } : {}) };
  }
}
