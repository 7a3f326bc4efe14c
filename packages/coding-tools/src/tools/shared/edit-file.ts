/**
 * The file side of Edit and MultiEdit: resolve the path inside the root, refuse directories, binary
 * files and files not read (or changed since), apply every edit in memory in order, then write once,
 * atomically, with the file's line endings and BOM — or write nothing when any edit fails.
 *
 * Everything between the read-before-write check and recording the new state is synchronous, so
 * two edits of the same file running "in parallel" (one agent step, Batch) cannot interleave.
 */
import { statSync, type Stats } from 'node:fs';
import { NotFoundError, ValidationError } from '@toolsmith/core';
import type { CodingSession } from '../../session/coding-session.ts';
import { assertWritable, recordRead } from '../../session/file-guard.ts';
import { confinedRoot, displayPath, resolveInRoot, suggestPaths } from '../../session/resolve-path.ts';
import { writeFileAtomic } from '../../session/root-fs.ts';
import { decodeText, encodeText, readTextFile, type TextFile } from '../../session/text-file.ts';
import { binaryKind } from './binary-file.ts';
import { applyStringEdit, type StringEdit, type StringEditResult } from './string-replace.ts';

export interface EditFileOptions {
  toolName: string;
  /** Field path prefix of edit `index` in error messages ('' for Edit, 'edits.<index>.' for MultiEdit). */
  fieldPrefix: (index: number) => string;
  /** Message label of edit `index`, e.g. "Edit 3 of 4: ". */
  label?: (index: number) => string;
  /** Appended to every edit error. */
  suffix?: string;
}

export interface EditFileResult {
  /** Absolute path of the edited file. */
  file: string;
  /** The path as shown to the model. */
  shown: string;
  /** True when the file did not exist and the first edit (empty old_string) created it. */
  created: boolean;
  /** One result per edit, in order. */
  results: StringEditResult[];
  /** The new content (`\n` line endings). */
  text: string;
  format: Omit<TextFile, 'text'>;
}

export function editFile(
  session: CodingSession,
  filePath: string,
  edits: readonly StringEdit[],
  options: EditFileOptions,
): EditFileResult {
  const { toolName } = options;
  const file = resolveInRoot(session, filePath, toolName, 'file_path');
  const shown = displayPath(session, file);
  let info: Stats | undefined;
  try {
    info = statSync(file);
  } catch {
    info = undefined;
  }
  if (info?.isDirectory()) {
    throw new ValidationError({
      toolName,
      issues: [
        {
          field: 'file_path',
          message: `${shown} is a directory. Give the path of a file (ListDir shows what the directory holds).`,
        },
      ],
    });
  }

  let format: TextFile;
  const created = info === undefined;
  if (created) {
    const first = edits[0];
    if (first === undefined || first.old_string !== '') {
      throw new NotFoundError({
        message: `File not found: ${shown}. Check the path (relative paths resolve against the project root ${session.root}); to create a new file use Write, or an empty old_string with the whole content as new_string.`,
        resource: 'file',
        id: shown,
        suggestions: suggestPaths(session, file),
      });
    }
    const seed = decodeText(first.new_string);
    format = { text: '', eol: seed.eol, bom: seed.bom };
  } else {
    const kind = binaryKind(file);
    if (kind) {
      throw new ValidationError({
        toolName,
        issues: [
          {
            field: 'file_path',
            message: `${shown} is a binary file (${kind}); ${toolName} changes text files only. Use Write to replace it with text, or Bash for binary tools.`,
          },
        ],
      });
    }
    assertWritable(session, file, toolName);
    format = readTextFile(file);
  }

  let text = format.text;
  const results: StringEditResult[] = [];
  edits.forEach((edit, index) => {
    const result = applyStringEdit(text, edit, {
      toolName,
      shown,
      fieldPrefix: options.fieldPrefix(index),
      ...(options.label ? { label: options.label(index) } : {}),
      ...(options.suffix ? { suffix: options.suffix } : {}),
    });
    results.push(result);
    text = result.text;
  });
  if (created && format.bom) text = text.replace(/^\uFEFF/, '');

  writeFileAtomic(file, encodeText({ ...format, text }), { root: confinedRoot(session) });
  recordRead(session, file);
  return { file, shown, created, results, text, format: { eol: format.eol, bom: format.bom } };
}
