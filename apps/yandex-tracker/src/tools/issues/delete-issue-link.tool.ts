import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  NotFoundError,
  ref,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { withHint } from '../shared/known-values.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { issueIdParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { confirmParam } from '../shared/confirmation.ts';
import { isMissingIssue } from './missing-issue.ts';

const DeleteIssueLinkParams = lazySchema(() =>
  z.object({
    issueId: issueIdParam.describe('Either linked issue.'),
    // One of the issue's links (read for each call).
    linkId: ref('link', { id: 'either' }).describe('`linkId` from tracker_get_issue_links.'),
    confirm: confirmParam(),
  }),
);

export class DeleteIssueLinkTool extends TrackerTool<typeof DeleteIssueLinkParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('delete_issue_link', TOOL_PREFIX),
    description: 'Remove a link between two issues.',
    category: 'issues',
    subcategory: 'links',
    toolset: 'links',
    priority: 'low',
    tags: ['link', 'unlink', 'remove', 'delete', 'write'],
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = DeleteIssueLinkParams;

  async execute(params: ParamsOf<typeof DeleteIssueLinkParams>, ctx: TrackerCtx) {
    await this.confirmIrreversible(
      ctx,
      params,
      `Remove link ${params.linkId} of ${params.issueId}? It cannot be restored, only created anew.`,
    );
    try {
      await ctx.deps.client.delete(
        `/v3/issues/${encodeURIComponent(params.issueId)}/links/${params.linkId}`,
        { signal: ctx.signal },
      );
    } catch (error) {
      if (NotFoundError.isInstance(error) && !isMissingIssue(error)) {
        throw withHint(
          error,
          `${params.issueId} has no link ${params.linkId}: list its links with tracker_get_issue_links to find the linkId.`,
        );
      }
      throw error;
    }
    return { deleted: true, issueId: params.issueId, linkId: params.linkId };
  }
}
