/**
 * ApplyPatch: creates, changes, renames and deletes files with one patch in the Codex envelope
 * format. All-or-nothing: the whole patch is parsed and every hunk located against the current
 * files in memory before anything is written, and a write that fails midway is rolled back.
 *
 * Deliberate difference from Codex: Codex applies file operations one by one and keeps the earlier
 * ones when a later one fails (its fixture 015). We refuse the whole patch instead, so the model
 * never has to work out which half of its patch landed.
 */
import { defineToolMetadata, ToolsmithError, type ToolContext } from '@toolsmith/core';
import { z } from 'zod';
import type { CodingToolsDeps } from '../../session/coding-session.ts';
import { recordRead } from '../../session/file-guard.ts';
import { confinedRoot, displayPath } from '../../session/resolve-path.ts';
import { EditCheck } from '../lsp/edit-diagnostics.ts';
import { commitChanges, rootCommitFileSystem } from './commit-changes.ts';
import { parsePatch } from './parse-patch.ts';
import { planPatch } from './plan-patch.ts';
import { CodingTool, permissionPath } from '../shared/coding-tool.ts';
import type { PermissionProfile } from '../../permissions/permission-rules.ts';

const ApplyPatchParams = z.object({
  patch: z
    .string()
    .describe(
      "The whole patch: '*** Begin Patch', then file operations ('*** Add File: <path>', '*** Update File: <path>' with optional '*** Move to: <path>' and '@@' hunks, '*** Delete File: <path>'), then '*** End Patch'. Paths are relative to the project root.",
    ),
});

const DESCRIPTION = `[Files/Patch] Create, change, rename and delete one or more files in a single call, with a patch in this format:

*** Begin Patch
*** Add File: src/new-file.ts
+export const answer = 42;
*** Update File: src/app.ts
*** Move to: src/main.ts
@@ function start() {
   const port = 8080;
-  listen(port);
+  listen(port, host);
 }
*** Delete File: src/old.ts
*** End Patch

- Add File: the whole new file, every line starting with '+' (it replaces an existing file).
- Update File: one or more hunks. A hunk is ' ' context lines, '-' removed lines and '+' added lines, copied exactly from the file; show about 3 unchanged lines above and below each change. Start each further hunk with '@@'; '@@ <line>' names a line above the change (a function or class header) to find the right place. Give the hunks in file order. End a hunk with '*** End of File' when it must match the end of the file.
- Move to (right after Update File): rename the file; hunks are optional then.
- Delete File: removes one file.
The patch is all-or-nothing: it is checked completely against the current files before anything is written, and if any part fails (missing file, context not found) nothing changes and the error names the file, the hunk and the closest text in the file. Files keep their line endings (CRLF) and BOM. By default a file must have been Read in this session before it is updated, replaced or deleted. For one small change in one file, Edit is simpler.`;

export class ApplyPatchTool extends CodingTool<typeof ApplyPatchParams, string> {
  static override readonly METADATA = defineToolMetadata({
    name: 'ApplyPatch',
    title: 'Apply a multi-file patch',
    description: DESCRIPTION,
    category: 'files',
    tags: ['patch', 'edit', 'diff', 'create', 'delete', 'rename', 'move', 'files', 'apply_patch'],
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  });

  override readonly permission: PermissionProfile = { kind: 'path', groups: ['Edit'] };

  protected override permissionSubjects(
    params: z.output<typeof ApplyPatchParams>,
    ctx: ToolContext<CodingToolsDeps>,
  ): string[] {
    return patchPaths(params.patch).map((p) => permissionPath(ctx.deps.session, p));
  }

  override getParamsSchema() {
    return ApplyPatchParams;
  }

  async execute(
    { patch }: z.output<typeof ApplyPatchParams>,
    ctx: ToolContext<CodingToolsDeps>,
  ): Promise<string> {
    const { session } = ctx.deps;
    const parsed = parsePatch(patch);
    const plan = planPatch(session, parsed, this.name);
    ctx.signal.throwIfAborted();
    const check = EditCheck.begin(
      session,
      plan.changes.map((change) => ({ file: change.file, deleted: change.content === undefined })),
    );
    const result = commitChanges(plan.changes, rootCommitFileSystem(confinedRoot(session)));
    if (!result.ok) {
      const { message } = result.error as { message?: unknown };
      const reason = typeof message === 'string' ? message : String(result.error);
      const unrestored =
        result.unrestored.length > 0
          ? ` WARNING: these files could not be restored and may be changed or missing: ${result.unrestored.map((file) => displayPath(session, file)).join(', ')}.`
          : ' The files it had already changed were restored, so nothing changed.';
      throw new ToolsmithError({
        code: 'write_failed',
        userFacing: true,
        message: `${this.name} could not write ${displayPath(session, result.file)} (${reason}).${unrestored} Check that the path is valid and its folder writable, then send the patch again.`,
        cause: result.error,
      });
    }
    for (const change of plan.changes) {
      if (change.content === undefined) session.reads.delete(change.file);
      else recordRead(session, change.file);
    }
    const errors = await check.finish(ctx.signal);
    return `${['Success. Updated the following files:', ...plan.summary].join('\n')}${errors}`;
  }
}

/** Every path a patch adds, changes, deletes or moves to (none when it does not parse: it is then refused, unapplied). */
function patchPaths(patch: string): string[] {
  try {
    return parsePatch(patch).operations.flatMap((op) =>
      op.kind === 'update' && op.movePath !== undefined ? [op.path, op.movePath] : [op.path],
    );
  } catch {
    return [];
  }
}
