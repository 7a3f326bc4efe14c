/**
 * A language server's WorkspaceEdit (a rename) turned into the file changes ApplyPatch commits: the
 * text edits of each file applied in memory to the text the server was given, with the lines each
 * file gains and loses. Nothing is written here.
 */
import { fileURLToPath } from 'node:url';
import type { TextDocumentEdit, TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';

export interface FileTextEdits {
  /** Absolute path. */
  file: string;
  edits: TextEdit[];
}

export interface EditedText {
  text: string;
  added: number;
  removed: number;
}

/** The text edits of a WorkspaceEdit by file; `unsupported` names file operations it asked for. */
export function textEditsByFile(edit: WorkspaceEdit): { files: FileTextEdits[]; unsupported: string[] } {
  const byUri = new Map<string, TextEdit[]>();
  const unsupported: string[] = [];
  for (const [uri, edits] of Object.entries(edit.changes ?? {}))
    byUri.set(uri, [...(byUri.get(uri) ?? []), ...edits]);
  for (const change of edit.documentChanges ?? []) {
    if ('kind' in change) {
      unsupported.push(`${change.kind} ${'uri' in change ? change.uri : change.oldUri}`);
      continue;
    }
    const documentEdit = change as TextDocumentEdit;
    const uri = documentEdit.textDocument.uri;
    byUri.set(uri, [...(byUri.get(uri) ?? []), ...(documentEdit.edits as TextEdit[])]);
  }
  const files = [...byUri].map(([uri, edits]) => ({ file: fileURLToPath(uri), edits }));
  return { files, unsupported };
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let at = 0; at < text.length; at++) if (text.charCodeAt(at) === 10) starts.push(at + 1);
  return starts;
}

function newlines(text: string): number {
  let count = 0;
  for (let at = 0; at < text.length; at++) if (text.charCodeAt(at) === 10) count++;
  return count;
}

/**
 * Applies `edits` (non-overlapping, LSP positions in UTF-16 units) to `text`. Throws when a range is
 * outside the text or two ranges overlap (the server's copy differs from `text`).
 */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): EditedText {
  const starts = lineStarts(text);
  const offset = (line: number, character: number): number => {
    const start = starts[line];
    if (start === undefined) throw new Error(`line ${line + 1} does not exist`);
    const end = line + 1 < starts.length ? starts[line + 1]! - 1 : text.length;
    if (start + character > end) throw new Error(`line ${line + 1} has no character ${character + 1}`);
    return start + character;
  };
  const located = edits
    .map((edit) => ({
      from: offset(edit.range.start.line, edit.range.start.character),
      to: offset(edit.range.end.line, edit.range.end.character),
      edit,
    }))
    .sort((a, b) => a.from - b.from || a.to - b.to);
  let out = '';
  let at = 0;
  // Line spans touched, merged, with the lines each gains (newlines added − removed).
  const spans: { first: number; last: number; delta: number }[] = [];
  for (const { from, to, edit } of located) {
    if (from < at) throw new Error('the server sent overlapping edits');
    out += text.slice(at, from) + edit.newText;
    at = to;
    const first = edit.range.start.line;
    const last = edit.range.end.line;
    const delta = newlines(edit.newText) - (last - first);
    const previous = spans.at(-1);
    if (previous && first <= previous.last) {
      previous.last = Math.max(previous.last, last);
      previous.delta += delta;
    } else spans.push({ first, last, delta });
  }
  out += text.slice(at);
  let added = 0;
  let removed = 0;
  for (const span of spans) {
    const lines = span.last - span.first + 1;
    removed += lines;
    added += lines + span.delta;
  }
  return { text: out, added, removed };
}
