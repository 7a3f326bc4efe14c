import {
  buildToolName,
  custom,
  defineToolMetadata,
  lazySchema,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toDocView, type ApiDoc, type ApiDocPage } from '../../api/dto/doc-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { teamIdParam } from '../shared/params.ts';
import { docParent } from './doc-write-params.ts';

export const CreateDocParams = lazySchema(() =>
  z.object({
    name: z.string().trim().min(1),
    parent_id: custom(z.string().min(1), 'doc_parent')
      .optional()
      .describe('Space, folder or list; omit for the workspace'),
    team_id: teamIdParam(),
  }),
);

export class CreateDocTool extends ClickUpTool<typeof CreateDocParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_doc', TOOL_PREFIX),
    description:
      'Create a doc with one empty page: { id, name, parent, page_id }. Write it with clickup_update_doc_page.',
    category: 'docs',
    toolset: 'doc_writes',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = CreateDocParams;

  protected override outcomeCheck({ name }: ParamsOf<typeof CreateDocParams>): OutcomeCheck {
    return {
      done: `the doc "${name}" was created`,
      tool: buildToolName('search_docs', TOOL_PREFIX),
      args: { query: name },
      lookFor: `a doc named ${JSON.stringify(name)}`,
    };
  }

  async execute({ name, parent_id }: ParamsOf<typeof CreateDocParams>, ctx: ClickUpCtx) {
    const { client, references } = ctx.deps;
    const parent = await docParent(parent_id, ctx);
    const docs = client.v3(`/workspaces/${await client.teamId(ctx.signal)}/docs`);
    const doc = await client.post<ApiDoc>(docs, {
      json: { name, parent, create_page: true },
      signal: ctx.signal,
    });
    references.changed('doc');
    // The answer names no page: read the first one's id (a failed read leaves the doc as made).
    const pages = await client
      .get<ApiDocPage[]>(`${docs}/${encodeURIComponent(doc.id)}/pages`, { signal: ctx.signal })
      .catch(() => undefined);
    return {
      ...toDocView(doc),
      ...(pages?.[0] ? { page_id: pages[0].id } : { pages: 'read them with clickup_get_doc_pages' }),
    };
  }
}
