import { buildToolName, defineToolMetadata } from '@toolsmith/core';
import { TOOL_PREFIX } from '../deps.ts';
import { ReferenceListTool } from './reference-list.ts';

export class GetStatusesTool extends ReferenceListTool {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_statuses', TOOL_PREFIX),
    title: 'Get statuses',
    description:
      'List the issue statuses of the organisation: { items: [{ key, display, type, order }], total, nextCursor? }. `type` is new, inProgress, paused or done. Statuses change only through transitions (tracker_get_issue_transitions).',
    category: 'reference',
    toolset: 'reference',
    tags: ['status', 'statuses', 'workflow', 'reference', 'list'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  protected readonly path = '/v3/statuses';
}
