/**
 * Rename: a scope-aware rename across files by the language server (imports and re-exports
 * included), written as one all-or-nothing change through ApplyPatch's commit (every file or none,
 * rolled back on a failed write), and answered with a diff summary.
 *
 * The server computes the edit on its own copies of the files; every file it touches is first
 * opened in it with what is on disk, and checked again just before the write, so a file changed
 * meanwhile refuses the whole rename instead of getting edits made for other text.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  defineToolMetadata,
  lazySchema,
  ToolsmithError,
  ValidationError,
  type ParamsOf,
  type ToolContext,
} from '@toolsmith/core';
import type { PrepareRenameResult, Range, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { z } from 'zod';
import { checkPermission } from '../../permissions/check-permission.ts';
import type { PermissionProfile } from '../../permissions/permission-rules.ts';
import type { CodingToolsDeps } from '../../session/coding-session.ts';
import { recordRead } from '../../session/file-guard.ts';
import { confinedRoot, displayPath, resolveInRoot } from '../../session/resolve-path.ts';
import { commitChanges, rootCommitFileSystem } from '../apply-patch/commit-changes.ts';
import type { FileChange } from '../apply-patch/plan-patch.ts';
import { CodingTool, permissionPath } from '../shared/coding-tool.ts';
import { plural } from '../shared/plural.ts';
import { fileUri } from './language-server-client.ts';
import { withLanguageServer } from './lsp.tool.ts';
import { resolvePosition } from './symbol-position.ts';
import { applyTextEdits, textEditsByFile } from './workspace-edit.ts';

export const RenameParams = lazySchema(() =>
  z.object({
    file_path: z.string().min(1).describe('A file where the symbol occurs, relative to the project root.'),
    symbol: z
      .string()
      .min(1)
      .optional()
      .describe(
        'The current name, as written in the file. With line: its occurrence on that line; without: its first occurrence.',
      ),
    line: z.number().int().min(1).optional().describe('1-based line of the symbol.'),
    character: z.number().int().min(1).optional().describe('1-based column, when no symbol is given.'),
    new_name: z.string().min(1).describe('The new name.'),
  }),
);

type RenameInput = ParamsOf<typeof RenameParams>;

interface PlannedFile {
  file: string;
  shown: string;
  /** The text the server computed its edits on (what was on disk when it was opened). */
  before: string;
  after: string;
  added: number;
  removed: number;
  edits: number;
  mode: number;
}

export class RenameTool extends CodingTool<typeof RenameParams, string> {
  static override readonly METADATA = defineToolMetadata({
    name: 'Rename',
    title: 'Rename a symbol everywhere',
    description: [
      'Rename a variable, function, class, type, method or property everywhere it is used, across files (imports and re-exports included), as the language server understands the code: other things with the same name are left alone.',
      'Name it with file_path plus symbol (add line when the name occurs several times) or line and character (1-based). All files are changed or none; the answer lists each file with its added and removed lines.',
      'TypeScript and JavaScript are built in; other languages when configured. For text replacement use Edit.',
    ].join('\n'),
    category: 'code',
    toolset: 'code',
    tags: ['rename', 'refactor', 'symbol', 'lsp', 'identifier', 'everywhere', 'references'],
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  });

  static override readonly PARAMS = RenameParams;

  override readonly permission: PermissionProfile = { kind: 'path', groups: ['Edit'] };

  protected override permissionSubjects(params: RenameInput, ctx: ToolContext<CodingToolsDeps>): string[] {
    return [permissionPath(ctx.deps.session, params.file_path)];
  }

  async execute(params: RenameInput, ctx: ToolContext<CodingToolsDeps>): Promise<string> {
    const { session } = ctx.deps;
    const file = resolveInRoot(session, params.file_path, this.name, 'file_path');
    const shown = displayPath(session, file);
    const refuse = (field: string, message: string): never => {
      throw new ValidationError({ toolName: this.name, issues: [{ field, message }] });
    };
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      refuse(
        'file_path',
        `${shown} cannot be read (missing, or a folder). Give the path of a source file where the symbol occurs.`,
      );
    }
    const { position } = resolvePosition(text, params, shown, this.name);

    const planned = await withLanguageServer(session, file, this.name, async (client) => {
      await client.sync(file, text);
      const textDocument = { uri: fileUri(file) };
      if (client.capabilities.renameProvider === undefined || client.capabilities.renameProvider === false) {
        throw new ToolsmithError({
          code: 'unsupported',
          userFacing: true,
          message: `${this.name}: the ${client.config.id} language server cannot rename. Use Edit or ApplyPatch.`,
        });
      }
      const prepare = await client
        .request<PrepareRenameResult | null>(
          'textDocument/prepareRename',
          { textDocument, position },
          ctx.signal,
        )
        .catch(() => undefined);
      if (prepare === null) {
        const line = text.split(/\r?\n/)[position.line] ?? '';
        refuse(
          params.symbol ? 'symbol' : 'character',
          `Nothing renameable at ${shown}:${position.line + 1}:${position.character + 1} (the line is: ${JSON.stringify(line.trim().slice(0, 120))}). Point at the name itself: give symbol as written, or the 1-based line and character of its first letter.`,
        );
      }
      const oldName = nameOf(text, prepare ?? undefined);
      if (oldName === params.new_name)
        refuse('new_name', `The symbol is already called "${params.new_name}". Give a different new_name.`);

      // The server edits its own copies: open every file it touches with what is on disk, and ask
      // again when one was new to it, so its edits are made on the text we will change.
      let edit: WorkspaceEdit | null = null;
      for (let round = 0; round < 3; round++) {
        edit = await client.request<WorkspaceEdit | null>(
          'textDocument/rename',
          { textDocument, position, newName: params.new_name },
          ctx.signal,
        );
        if (!edit) break;
        let changed = false;
        for (const { file: touched } of textEditsByFile(edit).files) {
          if (touched === file || !isInside(session.root, touched)) continue;
          if (await client.sync(touched)) changed = true;
        }
        if (!changed) break;
      }
      if (!edit)
        return refuse(
          params.symbol ? 'symbol' : 'character',
          `The language server renames nothing at ${shown}:${position.line + 1}:${position.character + 1}. Point at a name declared in the project (not a keyword, a literal or a library's name).`,
        );
      const { files, unsupported } = textEditsByFile(edit);
      if (unsupported.length > 0) {
        throw new ToolsmithError({
          code: 'unsupported',
          userFacing: true,
          message: `${this.name}: the server's rename also asks for file operations (${unsupported.join(', ')}), which Rename does not make. Nothing was changed; rename the files with ApplyPatch (Move to) yourself.`,
        });
      }
      const outside = files.filter(
        (entry) => !isInside(session.root, entry.file) && !session.options.allowOutsideRoot,
      );
      if (outside.length > 0) {
        refuse(
          'new_name',
          `The rename would change files outside the project root ${session.root}: ${outside.map((entry) => entry.file).join(', ')}. Nothing was changed. Rename a symbol declared inside the project.`,
        );
      }
      return files.map((entry): PlannedFile => {
        const before = client.openText(entry.file) ?? readFileSync(entry.file, 'utf8');
        let result;
        try {
          result = applyTextEdits(before, entry.edits);
        } catch (error) {
          throw new ToolsmithError({
            code: 'conflict',
            userFacing: true,
            message: `${this.name}: the server's edits do not fit ${displayPath(session, entry.file)} (${(error as Error).message}). Nothing was changed; call Rename again.`,
          });
        }
        return {
          file: entry.file,
          shown: displayPath(session, entry.file),
          before,
          after: result.text,
          added: result.added,
          removed: result.removed,
          edits: entry.edits.length,
          mode: statSync(entry.file).mode,
        };
      });
    });

    ctx.signal.throwIfAborted();
    // The rules judged file_path before the call; the other files the rename writes are judged now,
    // before anything is written.
    const others = planned
      .filter((entry) => entry.file !== file)
      .map((entry) => permissionPath(session, entry.file));
    if (others.length > 0) await checkPermission(this.name, others, ctx);
    // Changed since the server read it? Then its edits were made for other text: refuse them all.
    const changes: FileChange[] = [];
    const stale: string[] = [];
    for (const entry of planned) {
      let bytes: Buffer;
      try {
        bytes = readFileSync(entry.file);
      } catch {
        stale.push(entry.shown);
        continue;
      }
      if (bytes.toString('utf8') !== entry.before) stale.push(entry.shown);
      changes.push({ file: entry.file, content: entry.after, original: { bytes, mode: entry.mode } });
    }
    if (stale.length > 0) {
      throw new ToolsmithError({
        code: 'conflict',
        userFacing: true,
        message: `${this.name}: ${stale.join(', ')} changed while the rename was computed. Nothing was changed; call Rename again.`,
      });
    }
    const result = commitChanges(changes, rootCommitFileSystem(confinedRoot(session)));
    if (!result.ok) {
      const reason = (result.error as Error | undefined)?.message ?? String(result.error);
      const unrestored =
        result.unrestored.length > 0
          ? ` WARNING: these files could not be restored and may be changed: ${result.unrestored.map((f) => displayPath(session, f)).join(', ')}.`
          : ' The files already changed were restored, so nothing changed.';
      throw new ToolsmithError({
        code: 'write_failed',
        userFacing: true,
        message: `${this.name} could not write ${displayPath(session, result.file)} (${reason}).${unrestored} Check that the folder is writable, then call Rename again.`,
        cause: result.error,
      });
    }
    // Files the agent had read stay writable for it; the servers get the new text.
    for (const entry of planned) if (session.reads.has(entry.file)) recordRead(session, entry.file);
    await session.languageServers.filesWritten(
      planned.map((entry) => ({ file: entry.file, deleted: false })),
    );

    const edits = planned.reduce((sum, entry) => sum + entry.edits, 0);
    const rows = [...planned]
      .sort((a, b) => a.shown.localeCompare(b.shown))
      .map((entry) => `M ${entry.shown} (+${entry.added} -${entry.removed})`);
    return [
      `Renamed to "${params.new_name}": ${plural(edits, 'edit')} in ${plural(planned.length, 'file')}.`,
      ...rows,
    ].join('\n');
  }
}

function isInside(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/** The current name, from prepareRename's answer (a placeholder, or the range of the name). */
function nameOf(text: string, prepare: PrepareRenameResult | undefined): string | undefined {
  if (!prepare) return undefined;
  if ('placeholder' in prepare) return prepare.placeholder;
  const range: Range | undefined = 'start' in prepare ? prepare : undefined;
  if (!range || range.start.line !== range.end.line) return undefined;
  return text.split(/\r?\n/)[range.start.line]?.slice(range.start.character, range.end.character);
}
