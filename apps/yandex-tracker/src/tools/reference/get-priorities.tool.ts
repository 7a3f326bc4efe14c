import { buildToolName, defineToolMetadata } from '@toolsmith/core';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ReferenceListTool } from './reference-list.ts';

export class GetPrioritiesTool extends ReferenceListTool {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_priorities', TOOL_PREFIX),
    description: 'Priorities: key, display, order.',
    category: 'reference',
    toolset: 'reference',
    tags: ['priority', 'priorities', 'reference', 'list'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  protected readonly path = '/v3/priorities';
}
