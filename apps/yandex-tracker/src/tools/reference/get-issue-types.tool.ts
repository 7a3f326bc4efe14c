import { buildToolName, defineToolMetadata } from '@toolsmith/core';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ReferenceListTool } from './reference-list.ts';

export class GetIssueTypesTool extends ReferenceListTool {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_issue_types', TOOL_PREFIX),
    description: 'Issue types: key, display.',
    category: 'reference',
    toolset: 'reference',
    tags: ['type', 'issue type', 'reference', 'list'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  protected readonly path = '/v3/issuetypes';
}
