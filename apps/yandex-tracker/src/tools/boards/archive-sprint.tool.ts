import { buildToolName, defineToolMetadata } from '@toolsmith/core';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ArchiveSprintParams, SprintLifecycleTool } from './sprint-lifecycle.ts';

export class ArchiveSprintTool extends SprintLifecycleTool<typeof ArchiveSprintParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('archive_sprint', TOOL_PREFIX),
    description: 'Finish a sprint: archive it, out of planning.',
    category: 'boards',
    toolset: 'sprints',
    tags: ['sprint', 'finish', 'complete', 'close', 'archive', 'end'],
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = ArchiveSprintParams;

  protected readonly action = '_archive';
  protected readonly status = 'archived';
}
