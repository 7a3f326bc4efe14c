import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { toAttachment, type ApiAttachment } from '../../api/dto/attachment-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { runBatch } from '../shared/batch.ts';
import { chooseView } from '../shared/list-result.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { fieldsOf, issueIdsParam } from '../shared/params.ts';
import { assertIssueAccess, TrackerTool } from '../shared/tracker-tool.ts';
import { issuePath } from './attachment-files.ts';

const GetAttachmentsParams = lazySchema(() =>
  z.object({
    issueIds: issueIdsParam(50),
    fields: fieldsOf('attachments.name'),
  }),
);

export class GetAttachmentsTool extends TrackerTool<typeof GetAttachmentsParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_attachments', TOOL_PREFIX),
    description:
      'Files attached to issues: per issue { issueId, attachments: [{ id, name, mimetype, size, hasThumbnail }] }.',
    category: 'attachments',
    toolset: 'attachments',
    tags: ['attachment', 'file', 'list', 'read', 'batch'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetAttachmentsParams;

  protected override checksQueuesPerItem() {
    return true;
  }

  async execute(params: ParamsOf<typeof GetAttachmentsParams>, ctx: TrackerCtx) {
    const view = chooseView(params, toAttachment);
    return runBatch(
      ctx,
      params.issueIds,
      async (issueId) => {
        await assertIssueAccess(ctx, issueId, false);
        const list = await ctx.deps.client.get<ApiAttachment[] | undefined>(issuePath(issueId), {
          signal: ctx.signal,
        });
        return { issueId, attachments: (Array.isArray(list) ? list : []).map(view) };
      },
      { field: 'issueIds', idOf: (id) => id },
    );
  }
}
