import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  ref,
  withProjectionRoot,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toDocPageViews, type ApiDocPage } from '../../api/dto/doc-view.ts';
import { withMissingHint } from '../../api/not-found-hint.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { teamIdParam } from '../shared/params.ts';

export const GetDocPagesParams = lazySchema(() =>
  z.object({
    doc_id: ref('doc').describe('Doc id (clickup_search_docs)'),
    page_id: ref('doc_page').optional().describe('Only this page; omit for every page'),
    team_id: teamIdParam(),
  }),
);

export class GetDocPagesTool extends ClickUpTool<typeof GetDocPagesParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_doc_pages', TOOL_PREFIX),
    description:
      "A doc's pages with their markdown content: { items: [{ id, name, parent?, content }] }, or one page (page_id).",
    category: 'docs',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetDocPagesParams;

  async execute({ doc_id, page_id }: ParamsOf<typeof GetDocPagesParams>, ctx: ClickUpCtx) {
    const { client } = ctx.deps;
    const doc = `/workspaces/${await client.teamId(ctx.signal)}/docs/${encodeURIComponent(doc_id)}`;
    const query = { content_format: 'text/md' };
    try {
      const pages = page_id
        ? [
            await client.get<ApiDocPage>(client.v3(`${doc}/pages/${encodeURIComponent(page_id)}`), {
              query,
              signal: ctx.signal,
            }),
          ]
        : await client.get<ApiDocPage[]>(client.v3(`${doc}/pages`), { query, signal: ctx.signal });
      return withProjectionRoot(
        { items: page_id ? toDocPageViews(pages).slice(0, 1) : toDocPageViews(pages) },
        'items',
      );
    } catch (error) {
      throw withMissingHint(
        error,
        page_id
          ? `Check doc_id and page_id: call without page_id for the doc's pages, or find the doc with clickup_search_docs.`
          : 'Find the doc id with clickup_search_docs.',
      );
    }
  }
}
