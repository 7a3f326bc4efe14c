import { buildToolName, defineToolMetadata } from '@toolsmith/core';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ReferenceListTool } from './reference-list.ts';

export class GetStatusesTool extends ReferenceListTool {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_statuses', TOOL_PREFIX),
    description: 'Issue statuses: key, display, type (new, inProgress, paused, done).',
    category: 'reference',
    toolset: 'reference',
    tags: ['status', 'statuses', 'workflow', 'reference', 'list'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  protected readonly path = '/v3/statuses';
}
