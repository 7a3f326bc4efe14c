/** The time tools, in the order tools/list shows them. */
import type { AnyTool } from '@toolsmith/core';
import type { ClickUpDeps } from '../../deps.ts';
import { CreateTimeEntryTool } from './create-time-entry.tool.ts';
import { DeleteTimeEntryTool } from './delete-time-entry.tool.ts';
import { GetRunningTimerTool } from './get-running-timer.tool.ts';
import { GetTimeEntriesTool } from './get-time-entries.tool.ts';
import { GetTimeEntryHistoryTool } from './get-time-entry-history.tool.ts';
import { GetTimeEntryTagsTool } from './get-time-entry-tags.tool.ts';
import { StartTimerTool } from './start-timer.tool.ts';
import { StopTimerTool } from './stop-timer.tool.ts';
import { TagTimeEntriesTool } from './tag-time-entries.tool.ts';
import { UpdateTimeEntryTool } from './update-time-entry.tool.ts';

export function timeTools(): AnyTool<ClickUpDeps>[] {
  return [
    new GetTimeEntriesTool(),
    new CreateTimeEntryTool(),
    new StartTimerTool(),
    new StopTimerTool(),
    new GetRunningTimerTool(),
    new DeleteTimeEntryTool(),
    new GetTimeEntryHistoryTool(),
    new GetTimeEntryTagsTool(),
  ];
}

/** Changing logged time entries and their labels (toolset time_entry_writes). */
export function timeEntryWriteTools(): AnyTool<ClickUpDeps>[] {
  return [new UpdateTimeEntryTool(), new TagTimeEntriesTool()];
}
