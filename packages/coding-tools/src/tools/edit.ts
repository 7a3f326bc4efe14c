/**
 * Edit: replace one exact string in a file (or every occurrence with `replace_all`). The file must
 * have been Read in this session and not changed since; line endings and BOM are kept; the write is
 * atomic. A miss says where the closest text is.
 */
import { defineToolMetadata, type ToolContext } from '@toolsmith/core';
import { z } from 'zod';
import type { CodingToolsDeps } from '../session/coding-session.ts';
import { editFile } from './shared/edit-file.ts';
import { explainFsErrors } from './shared/fs-error.ts';
import { countLines, listLineNumbers, numberLines } from './shared/number-lines.ts';
import { plural } from './shared/plural.ts';
import { EditCheck } from './lsp/edit-diagnostics.ts';
import { CodingTool, permissionPath } from './shared/coding-tool.ts';
import type { PermissionProfile } from '../permissions/permission-rules.ts';

const EditParams = z.object({
  file_path: z
    .string()
    .min(1)
    .describe('The file to change: relative to the project root, or absolute inside it.'),
  old_string: z
    .string()
    .describe(
      'The exact text to replace, as it is in the file (whitespace and indentation included, without the line-number prefix Read shows). It must occur exactly once unless replace_all is true. Empty only to create a new file.',
    ),
  new_string: z.string().describe('The text to put in its place. Must differ from old_string.'),
  replace_all: z
    .boolean()
    .default(false)
    .describe(
      'Replace every occurrence of old_string instead of requiring exactly one (e.g. to rename a variable).',
    ),
});

const CONTEXT_LINES = 2;
const MAX_RESULT_LINES = 20;

export class EditTool extends CodingTool<typeof EditParams> {
  static override readonly METADATA = defineToolMetadata({
    name: 'Edit',
    title: 'Edit file',
    description: [
      '[Files/Edit] Replace an exact string in a text file.',
      'Read the file first: editing a file not read in this session, or changed since it was read, is refused. old_string must match the file exactly (copy it from Read output without the "<line number><tab>" prefix) and occur exactly once — include a few surrounding lines to make it unique, or set replace_all to change every occurrence.',
      'Line endings (CRLF) and a BOM are kept. The write is atomic. When old_string is not found, the error shows the closest text and its line. With an empty old_string and a path that does not exist, creates the file with new_string.',
      'For several changes to one file use MultiEdit (all or nothing); to replace a whole file use Write.',
    ].join('\n'),
    category: 'files',
    toolset: 'files',
    tags: ['edit', 'replace', 'string', 'change', 'file', 'modify', 'refactor'],
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  });

  override readonly permission: PermissionProfile = { kind: 'path', groups: ['Edit'] };

  protected override permissionSubjects(
    params: z.output<typeof EditParams>,
    ctx: ToolContext<CodingToolsDeps>,
  ): string[] {
    return [permissionPath(ctx.deps.session, params.file_path)];
  }

  override getParamsSchema() {
    return EditParams;
  }

  async execute(params: z.output<typeof EditParams>, ctx: ToolContext<CodingToolsDeps>): Promise<string> {
    const check = EditCheck.beginPath(ctx.deps.session, params.file_path, this.name);
    const answer = this.#edit(params, ctx);
    return `${answer}${await check.finish(ctx.signal)}`;
  }

  #edit(params: z.output<typeof EditParams>, ctx: ToolContext<CodingToolsDeps>): string {
    const result = explainFsErrors(this.name, 'file_path', params.file_path, () =>
      editFile(ctx.deps.session, params.file_path, [params], { toolName: this.name, fieldPrefix: () => '' }),
    );
    const [edit] = result.results;
    if (result.created) {
      const lines = countLines(result.text);
      return `Created ${result.shown} (${plural(lines, 'line')}).`;
    }
    if (!edit || edit.replaced > 1) {
      return `Edited ${result.shown}: replaced ${edit?.replaced ?? 0} occurrences (lines ${listLineNumbers(
        edit?.lines ?? [],
      )}).`;
    }
    // Show the changed region so the model need not read the file again.
    const lines = result.text.split('\n');
    const startLine = edit.lines[0] ?? 1;
    const newLines = Math.max(1, countLines(params.new_string.replace(/\r\n/g, '\n')));
    const from = Math.max(1, startLine - CONTEXT_LINES);
    const to = Math.min(lines.length, startLine + newLines - 1 + CONTEXT_LINES, from + MAX_RESULT_LINES - 1);
    return `Edited ${result.shown} at line ${startLine}. The changed region now reads:\n${numberLines(
      lines.slice(from - 1, to),
      from,
    )}`;
  }
}
