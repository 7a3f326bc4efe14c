import {
  buildToolName,
  custom,
  decodeCursor,
  defineToolMetadata,
  encodeCursor,
  lazySchema,
  requestFingerprint,
  withProjectionRoot,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toDocView, type ApiDoc } from '../../api/dto/doc-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { cursorParam, sayFirstPage } from '../shared/paging.ts';
import { teamIdParam } from '../shared/params.ts';

/** Docs per API page, and how many pages one call reads while looking for name matches. */
const API_PAGE = 100;
const MAX_PAGES = 5;

export const SearchDocsParams = lazySchema(() =>
  z.object({
    query: z.string().trim().min(1).max(200).optional().describe('Part of the doc name; omit for all docs'),
    parent_id: custom(z.string().min(1), 'doc_parent')
      .optional()
      .describe('Only docs in this space, folder or list'),
    cursor: cursorParam,
    team_id: teamIdParam(),
  }),
);

interface DocPage {
  docs: ApiDoc[];
  next_cursor?: string | null;
}

export class SearchDocsTool extends ClickUpTool<typeof SearchDocsParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('search_docs', TOOL_PREFIX),
    description:
      'Docs of the workspace by name: { items: [{ id, name, parent }], nextCursor? }. Read one with clickup_get_doc_pages.',
    category: 'docs',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = SearchDocsParams;

  /** The API has no name search: read its pages in order and keep the names that match. */
  async execute(params: ParamsOf<typeof SearchDocsParams>, ctx: ClickUpCtx) {
    const { client } = ctx.deps;
    const fingerprint = requestFingerprint(this.name, params);
    const position = decodeCursor(params.cursor, fingerprint, { after: '' });
    let apiCursor = 'after' in position && position.after !== '' ? position.after : undefined;
    const needle = params.query?.toLowerCase();
    const path = client.v3(`/workspaces/${await client.teamId(ctx.signal)}/docs`);
    const found: ApiDoc[] = [];
    for (let read = 0; read < MAX_PAGES; read++) {
      const page = await client.get<DocPage>(path, {
        query: {
          limit: API_PAGE,
          deleted: false,
          ...(params.parent_id ? { parent_id: params.parent_id } : {}),
          ...(apiCursor ? { next_cursor: apiCursor } : {}),
        },
        signal: ctx.signal,
      });
      found.push(...page.docs.filter((d) => !needle || d.name.toLowerCase().includes(needle)));
      apiCursor = page.next_cursor || undefined;
      if (!apiCursor || found.length > 0) break;
    }
    return sayFirstPage(
      ctx,
      params.cursor,
      withProjectionRoot(
        {
          items: found.map(toDocView),
          ...(apiCursor ? { nextCursor: encodeCursor(fingerprint, { after: apiCursor }) } : {}),
        },
        'items',
      ),
    );
  }
}
