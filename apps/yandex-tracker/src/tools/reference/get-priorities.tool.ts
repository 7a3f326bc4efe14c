import { buildToolName, defineToolMetadata } from '@toolsmith/core';
import { TOOL_PREFIX } from '../deps.ts';
import { ReferenceListTool } from './reference-list.ts';

export class GetPrioritiesTool extends ReferenceListTool {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_priorities', TOOL_PREFIX),
    title: 'Get priorities',
    description:
      'List the issue priorities: { items: [{ key, display, order }], total, nextCursor? }, lowest `order` first. Pass a `key` (e.g. "critical") as the priority when creating or updating issues.',
    category: 'reference',
    toolset: 'reference',
    tags: ['priority', 'priorities', 'reference', 'list'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  protected readonly path = '/v3/priorities';
}
