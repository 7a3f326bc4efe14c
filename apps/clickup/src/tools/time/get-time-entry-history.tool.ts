import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { teamIdParam } from '../shared/params.ts';
import { hintOnNotFound } from '../shared/with-hint.ts';
import { NO_ENTRY_HINT, timeEntriesPath, timeEntryIdParam } from './time-params.ts';

export const GetTimeEntryHistoryParams = lazySchema(() =>
  z.object({ entry_id: timeEntryIdParam(), team_id: teamIdParam() }),
);

export class GetTimeEntryHistoryTool extends ClickUpTool<typeof GetTimeEntryHistoryParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_time_entry_history', TOOL_PREFIX),
    description: 'The changes made to a time entry, newest first, as ClickUp lists them: { items }.',
    category: 'time',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetTimeEntryHistoryParams;

  async execute({ entry_id }: ParamsOf<typeof GetTimeEntryHistoryParams>, ctx: ClickUpCtx) {
    // The answer's items are documented as an object only ([doc: Get time entry history]): passed on as they are.
    const { data } = await hintOnNotFound(
      ctx.deps.client.get<{ data?: unknown[] }>(
        await timeEntriesPath(ctx, `/${encodeURIComponent(entry_id)}/history`),
        { signal: ctx.signal },
      ),
      NO_ENTRY_HINT,
    );
    return { items: data ?? [] };
  }
}
