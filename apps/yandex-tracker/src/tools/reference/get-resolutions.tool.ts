import { buildToolName, defineToolMetadata } from '@toolsmith/core';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ReferenceListTool } from './reference-list.ts';

export class GetResolutionsTool extends ReferenceListTool {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_resolutions', TOOL_PREFIX),
    description: 'Resolutions: key, display.',
    category: 'reference',
    toolset: 'reference',
    tags: ['resolution', 'resolutions', 'close', 'reference', 'list'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  protected readonly path = '/v3/resolutions';
}
