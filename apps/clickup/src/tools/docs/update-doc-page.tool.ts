import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  ref,
  ValidationError,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { teamIdParam } from '../shared/params.ts';
import { docMissing } from './doc-write-params.ts';

export const UpdateDocPageParams = lazySchema(() =>
  z.object({
    doc_id: ref('doc'),
    page_id: ref('doc_page'),
    name: z.string().trim().min(1).optional(),
    content: z.string().min(1).optional(),
    mode: z.enum(['replace', 'append', 'prepend']).optional().describe('Required with content'),
    team_id: teamIdParam(),
  }),
);

export class UpdateDocPageTool extends ClickUpTool<typeof UpdateDocPageParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('update_doc_page', TOOL_PREFIX),
    description: 'Rename a doc page, or write markdown to it (replace, append or prepend).',
    category: 'docs',
    toolset: 'doc_writes',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = UpdateDocPageParams;

  /** Content without a mode would replace the page (the API's default): the caller says which. */
  protected override beforeExecute(params: ParamsOf<typeof UpdateDocPageParams>, ctx: ClickUpCtx) {
    const refuse = (field: string, message: string) =>
      new ValidationError({
        toolName: ctx.toolName,
        issues: [{ field, message: `${message} Nothing was sent.` }],
      });
    if (params.content === undefined && params.mode !== undefined)
      throw refuse('content', `is required with mode "${params.mode}": the markdown to apply.`);
    if (params.name === undefined && params.content === undefined)
      throw refuse('content', 'nothing to change: give content (with a mode) or a new name.');
    if (params.content !== undefined && params.mode === undefined)
      throw refuse(
        'mode',
        'is required with content: "replace" overwrites the whole page, "append" adds at the end, "prepend" at the start.',
      );
    return super.beforeExecute(params, ctx);
  }

  protected override outcomeCheck({
    doc_id,
    page_id,
    content,
    name,
  }: ParamsOf<typeof UpdateDocPageParams>): OutcomeCheck {
    return {
      done: `the page ${page_id} was changed`,
      tool: buildToolName('get_doc_pages', TOOL_PREFIX),
      args: { doc_id, page_id },
      lookFor:
        content !== undefined
          ? `content containing ${JSON.stringify(content.slice(0, 80))}`
          : `the name ${JSON.stringify(name)}`,
    };
  }

  async execute(
    { doc_id, page_id, name, content, mode }: ParamsOf<typeof UpdateDocPageParams>,
    ctx: ClickUpCtx,
  ) {
    const { client, references } = ctx.deps;
    const path = client.v3(
      `/workspaces/${await client.teamId(ctx.signal)}/docs/${encodeURIComponent(doc_id)}/pages/${encodeURIComponent(page_id)}`,
    );
    try {
      await client.put(path, {
        json: {
          ...(name !== undefined ? { name } : {}),
          ...(content !== undefined ? { content, content_format: 'text/md', content_edit_mode: mode } : {}),
        },
        // An append or prepend sent twice would add the content twice: never re-sent.
        idempotent: content === undefined || mode === 'replace',
        signal: ctx.signal,
      });
      if (name !== undefined) references.changed('doc_page');
      return {
        id: page_id,
        doc_id,
        ...(name !== undefined ? { name } : {}),
        ...(mode ? { content: mode === 'replace' ? 'replaced' : `${mode}ed` } : {}),
      };
    } catch (error) {
      throw docMissing(error);
    }
  }
}
