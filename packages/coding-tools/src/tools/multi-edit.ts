/**
 * MultiEdit: several exact-string replacements in one file, applied in order in memory and written
 * once — all or nothing. If any edit fails, the file is left byte-for-byte as it was.
 */
import { defineToolMetadata, type ToolContext } from '@toolsmith/core';
import { z } from 'zod';
import type { CodingToolsDeps } from '../session/coding-session.ts';
import { EditCheck } from './lsp/edit-diagnostics.ts';
import { editFile } from './shared/edit-file.ts';
import { explainFsErrors } from './shared/fs-error.ts';
import { countLines } from './shared/number-lines.ts';
import { CodingTool, permissionPath } from './shared/coding-tool.ts';
import type { PermissionProfile } from '../permissions/permission-rules.ts';

const EditItem = z.object({
  old_string: z
    .string()
    .describe(
      "The exact text to replace in the file as it is after the previous edits (whitespace included, without Read's line-number prefix). Must occur once unless replace_all.",
    ),
  new_string: z.string().describe('The replacement text. Must differ from old_string.'),
  replace_all: z.boolean().default(false).describe('Replace every occurrence of old_string.'),
});

const MultiEditParams = z.object({
  file_path: z
    .string()
    .min(1)
    .describe('The file to change: relative to the project root, or absolute inside it.'),
  edits: z
    .array(EditItem)
    .min(1)
    .max(100)
    .describe(
      "The edits, applied in order; each one sees the result of the ones before it. To create a new file, make the first edit's old_string empty and its new_string the content.",
    ),
});

export class MultiEditTool extends CodingTool<typeof MultiEditParams> {
  static override readonly METADATA = defineToolMetadata({
    name: 'MultiEdit',
    title: 'Edit file (several changes)',
    description: [
      '[Files/Edit] Make several exact-string replacements in one text file at once — all or nothing.',
      'Edits run in order, in memory, each on the result of the previous one; the file is written once, atomically. If any edit fails (old_string not found or not unique, old_string equal to new_string), nothing is written and the error names the failing edit.',
      'Same rules as Edit: Read the file first (a file not read in this session, or changed since, is refused); old_string must match exactly and occur once unless replace_all. Line endings (CRLF) and a BOM are kept.',
      'Use it instead of several Edit calls on the same file. For changes across several files use ApplyPatch.',
    ].join('\n'),
    category: 'files',
    toolset: 'files',
    tags: ['edit', 'multi', 'replace', 'batch', 'atomic', 'change', 'file', 'refactor'],
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  });

  override readonly permission: PermissionProfile = { kind: 'path', groups: ['Edit'] };

  protected override permissionSubjects(
    params: z.output<typeof MultiEditParams>,
    ctx: ToolContext<CodingToolsDeps>,
  ): string[] {
    return [permissionPath(ctx.deps.session, params.file_path)];
  }

  override getParamsSchema() {
    return MultiEditParams;
  }

  async execute(
    params: z.output<typeof MultiEditParams>,
    ctx: ToolContext<CodingToolsDeps>,
  ): Promise<string> {
    const total = params.edits.length;
    const check = EditCheck.beginPath(ctx.deps.session, params.file_path, this.name);
    const result = explainFsErrors(this.name, 'file_path', params.file_path, () =>
      editFile(ctx.deps.session, params.file_path, params.edits, {
        toolName: this.name,
        fieldPrefix: (index) => `edits.${index}.`,
        label: (index) => `Edit ${index + 1} of ${total}: `,
        suffix: 'No edits were applied; the file is unchanged.',
      }),
    );
    const replacements = result.results.reduce((sum, edit) => sum + edit.replaced, 0);
    const lines = countLines(result.text);
    const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
    return `${result.created ? 'Created' : 'Edited'} ${result.shown}: applied ${count(total, 'edit')} (${count(
      replacements,
      'replacement',
    )}); the file now has ${count(lines, 'line')}.${await check.finish(ctx.signal)}`;
  }
}
