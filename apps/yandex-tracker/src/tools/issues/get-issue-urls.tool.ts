import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { atMost, filled, ISSUE_KEY_PATTERN } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';

const GetIssueUrlsParams = lazySchema(() =>
  z.object({
    issueIds: z
      .array(
        z
          .string()
          .refine(
            (value) => ISSUE_KEY_PATTERN.test(value),
            'Use an issue key such as "DEMO-12" (web links need the key, not the 24-character id).',
          ),
      )
      .refine(filled, 'Must have at least 1 item.')
      .refine(atMost(100), 'Must have at most 100 items.')
      .describe('Issue keys, e.g. DEMO-1.'),
  }),
);

export class GetIssueUrlsTool extends TrackerTool<typeof GetIssueUrlsParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_issue_urls', TOOL_PREFIX),
    description: 'Web links of issues, built locally: { issueId, url }.',
    category: 'issues',
    subcategory: 'url',
    toolset: 'issues',
    priority: 'low',
    isHelper: true,
    tags: ['url', 'link', 'web', 'browser', 'share'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  });

  static override readonly PARAMS = GetIssueUrlsParams;

  async execute(params: ParamsOf<typeof GetIssueUrlsParams>, ctx: TrackerCtx) {
    return {
      items: params.issueIds.map((issueId) => ({ issueId, url: `${ctx.deps.config.webUrl}/${issueId}` })),
    };
  }
}
