import { buildToolName, defineToolMetadata } from '@toolsmith/core';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { SprintLifecycleTool } from './sprint-lifecycle.ts';

export class StartSprintTool extends SprintLifecycleTool {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('start_sprint', TOOL_PREFIX),
    description: 'Start a draft sprint (status in_progress).',
    category: 'boards',
    toolset: 'sprints',
    tags: ['sprint', 'start', 'begin', 'activate', 'scrum', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
  });

  protected readonly action = '_start';
  protected readonly status = 'in_progress';
}
