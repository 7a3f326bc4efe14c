import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { hintOnNotFound } from '../shared/with-hint.ts';
import { NO_ENTRY_HINT, timeEntriesPath, timeEntryIdParam } from './time-params.ts';
import { teamIdParam } from '../shared/params.ts';

export const DeleteTimeEntryParams = lazySchema(() =>
  z.object({ entry_id: timeEntryIdParam(), team_id: teamIdParam() }),
);

export class DeleteTimeEntryTool extends ClickUpTool<typeof DeleteTimeEntryParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('delete_time_entry', TOOL_PREFIX),
    description: 'Delete a time entry. It cannot be restored.',
    category: 'time',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = DeleteTimeEntryParams;

  async execute({ entry_id }: ParamsOf<typeof DeleteTimeEntryParams>, ctx: ClickUpCtx) {
    await hintOnNotFound(
      ctx.deps.client.delete(await timeEntriesPath(ctx, `/${encodeURIComponent(entry_id)}`), {
        signal: ctx.signal,
      }),
      NO_ENTRY_HINT,
    );
    return { deleted: entry_id };
  }
}
