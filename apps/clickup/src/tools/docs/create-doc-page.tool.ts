import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  ref,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import type { ApiDocPage } from '../../api/dto/doc-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { teamIdParam } from '../shared/params.ts';
import { docMissing } from './doc-write-params.ts';

export const CreateDocPageParams = lazySchema(() =>
  z.object({
    doc_id: ref('doc'),
    name: z.string().trim().min(1),
    content: z.string().optional().describe('Markdown'),
    parent_page_id: ref('doc_page').optional().describe('Nest under this page'),
    team_id: teamIdParam(),
  }),
);

export class CreateDocPageTool extends ClickUpTool<typeof CreateDocPageParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_doc_page', TOOL_PREFIX),
    description: 'Add a page (markdown) to a doc, or a sub-page: { id, name, parent? }.',
    category: 'docs',
    toolset: 'doc_writes',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = CreateDocPageParams;

  protected override outcomeCheck({ doc_id, name }: ParamsOf<typeof CreateDocPageParams>): OutcomeCheck {
    return {
      done: `the page "${name}" was added`,
      tool: buildToolName('get_doc_pages', TOOL_PREFIX),
      args: { doc_id },
      lookFor: `a page named ${JSON.stringify(name)}`,
    };
  }

  async execute(
    { doc_id, name, content, parent_page_id }: ParamsOf<typeof CreateDocPageParams>,
    ctx: ClickUpCtx,
  ) {
    const { client, references } = ctx.deps;
    const path = client.v3(
      `/workspaces/${await client.teamId(ctx.signal)}/docs/${encodeURIComponent(doc_id)}/pages`,
    );
    try {
      const page = await client.post<ApiDocPage & { parent_page_id?: string }>(path, {
        json: {
          name,
          content: content ?? '',
          content_format: 'text/md',
          ...(parent_page_id ? { parent_page_id } : {}),
        },
        signal: ctx.signal,
      });
      references.changed('doc_page');
      return {
        id: page.id,
        name: page.name ?? name,
        ...(page.parent_page_id ? { parent: page.parent_page_id } : {}),
      };
    } catch (error) {
      throw docMissing(error);
    }
  }
}
