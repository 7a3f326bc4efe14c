/**
 * Write: create a file or replace its whole content. Parent directories are created; an existing
 * file must have been Read in this session and not changed since; its line endings and BOM are kept;
 * the write is atomic.
 */
import { readFileSync, statSync, type Stats } from 'node:fs';
import { defineToolMetadata, ValidationError, type ToolContext } from '@toolsmith/core';
import { z } from 'zod';
import type { CodingToolsDeps } from '../session/coding-session.ts';
import { assertWritable, recordRead } from '../session/file-guard.ts';
import { confinedRoot, displayPath, resolveInRoot } from '../session/resolve-path.ts';
import { writeFileAtomic } from '../session/root-fs.ts';
import { decodeText, encodeText } from '../session/text-file.ts';
import { binaryKind } from './shared/binary-file.ts';
import { explainFsErrors } from './shared/fs-error.ts';
import { countLines } from './shared/number-lines.ts';
import { plural } from './shared/plural.ts';
import { EditCheck } from './lsp/edit-diagnostics.ts';
import { CodingTool, permissionPath } from './shared/coding-tool.ts';
import type { PermissionProfile } from '../permissions/permission-rules.ts';

const WriteParams = z.object({
  file_path: z
    .string()
    .min(1)
    .describe(
      'The file to write: relative to the project root, or absolute inside it. Missing parent folders are created.',
    ),
  content: z.string().describe('The complete new content of the file.'),
});

export class WriteTool extends CodingTool<typeof WriteParams> {
  static override readonly METADATA = defineToolMetadata({
    name: 'Write',
    title: 'Write file',
    description: [
      '[Files/Write] Create a file, or replace the whole content of an existing one.',
      'Overwriting an existing file requires having Read it in this session, and it must not have changed since; otherwise the call is refused. Missing parent folders are created. An existing file keeps its line endings (CRLF stays CRLF) and its BOM. The write is atomic: readers never see a half-written file.',
      'Prefer Edit or MultiEdit to change part of a file: they send only the changed text. Do not create documentation or README files unless asked.',
    ].join('\n'),
    category: 'files',
    toolset: 'files',
    tags: ['write', 'create', 'file', 'save', 'overwrite', 'new'],
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  });

  override readonly permission: PermissionProfile = { kind: 'path', groups: ['Edit'] };

  protected override permissionSubjects(
    params: z.output<typeof WriteParams>,
    ctx: ToolContext<CodingToolsDeps>,
  ): string[] {
    return [permissionPath(ctx.deps.session, params.file_path)];
  }

  override getParamsSchema() {
    return WriteParams;
  }

  async execute(params: z.output<typeof WriteParams>, ctx: ToolContext<CodingToolsDeps>): Promise<string> {
    const session = ctx.deps.session;
    const file = resolveInRoot(session, params.file_path, this.name, 'file_path');
    const shown = displayPath(session, file);
    let info: Stats | undefined;
    try {
      info = statSync(file);
    } catch {
      info = undefined;
    }
    if (info?.isDirectory()) {
      throw new ValidationError({
        toolName: this.name,
        issues: [
          {
            field: 'file_path',
            message: `${shown} is a directory. Give the path of a file inside it, e.g. "${shown}/new-file.ts".`,
          },
        ],
      });
    }

    if (info) assertWritable(session, file, this.name);
    const check = EditCheck.begin(session, [{ file }]);
    const { output, kept } = explainFsErrors(this.name, 'file_path', shown, () => {
      let content = params.content;
      const preserved: string[] = [];
      if (info && binaryKind(file) === undefined) {
        // Keep the existing file's format: its line endings (when it has any) and its BOM.
        const existingRaw = readFileSync(file, 'utf8');
        const existing = decodeText(existingRaw);
        const incoming = decodeText(params.content);
        const eol = /\n/.test(existingRaw.replace(/^\uFEFF/, '')) ? existing.eol : incoming.eol;
        content = encodeText({ text: incoming.text, eol, bom: existing.bom || incoming.bom });
        if (eol === '\r\n') preserved.push('CRLF line endings');
        if (existing.bom) preserved.push('the BOM');
      }
      writeFileAtomic(file, content, { root: confinedRoot(session) });
      return { output: content, kept: preserved };
    });
    recordRead(session, file);
    const lines = countLines(decodeText(output).text);
    const summary = `${info ? 'Overwrote' : 'Created'} ${shown} (${plural(lines, 'line')}, ${plural(Buffer.byteLength(output), 'byte')})`;
    const errors = await check.finish(ctx.signal);
    return `${kept.length > 0 ? `${summary}; kept ${kept.join(' and ')}.` : `${summary}.`}${errors}`;
  }
}
