import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { teamIdParam } from '../shared/params.ts';
import { labelsPlan, timeEntryTags, toTimeEntryTagView } from './time-entry-tag-params.ts';

export const GetTimeEntryTagsParams = lazySchema(() => z.object({ team_id: teamIdParam() }));

export class GetTimeEntryTagsTool extends ClickUpTool<typeof GetTimeEntryTagsParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_time_entry_tags', TOOL_PREFIX),
    description: "The workspace's time-entry labels: { items: [{ name, fg, bg }] }.",
    category: 'time',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetTimeEntryTagsParams;

  async execute(_params: ParamsOf<typeof GetTimeEntryTagsParams>, ctx: ClickUpCtx) {
    return { items: (await labelsPlan(ctx, () => timeEntryTags(ctx))).map(toTimeEntryTagView) };
  }
}
