import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toWorklog, type ApiWorklog } from '../../api/dto/worklog-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { momentDateTime } from '../shared/moments.ts';
import { atMost, dateTimeParam, issueIdParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { durationParam, isoDuration, worklogPath } from './worklog-common.ts';

const AddWorklogParams = lazySchema(() =>
  z.object({
    issueId: issueIdParam,
    start: dateTimeParam(),
    duration: durationParam(),
    comment: z
      .string()
      .refine(atMost(10_000), 'Must be at most 10000 characters long.')
      .optional()
      .describe('What was done.'),
  }),
);

export class AddWorklogTool extends TrackerTool<typeof AddWorklogParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('add_worklog', TOOL_PREFIX),
    description: 'Log time spent on an issue.',
    category: 'worklogs',
    toolset: 'worklogs',
    tags: ['worklog', 'time', 'log', 'spent', 'add', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = AddWorklogParams;

  protected override outcomeCheck(params: ParamsOf<typeof AddWorklogParams>): OutcomeCheck {
    return {
      done: `the time was logged on ${params.issueId}`,
      tool: buildToolName('get_worklogs', TOOL_PREFIX),
      args: { issueId: params.issueId },
      lookFor: `an entry of yours starting ${params.start.iso} lasting ${isoDuration(params.duration)}`,
    };
  }

  async execute(params: ParamsOf<typeof AddWorklogParams>, ctx: TrackerCtx) {
    // Not idempotent: a resent POST would log the time twice, so the client never retries it.
    const worklog = await ctx.deps.client.post<ApiWorklog>(worklogPath(params.issueId), {
      json: {
        start: momentDateTime(params.start),
        duration: isoDuration(params.duration),
        ...(params.comment ? { comment: params.comment } : {}),
      },
      signal: ctx.signal,
    });
    return toWorklog(worklog);
  }
}
