/**
 * Parser of the Codex patch envelope:
 *
 * ```
 * *** Begin Patch
 * *** Add File: <path>          followed by `+` lines (the whole new file)
 * *** Delete File: <path>
 * *** Update File: <path>
 * *** Move to: <path>           optional, right after Update File (alone: a plain rename)
 * @@ [anchor line]              one or more, before each hunk (the first hunk may omit it)
 *  context / -removed / +added  lines of the hunk
 * *** End of File               optional, last line of a hunk that must end the file
 * *** End Patch
 * ```
 *
 * Leniencies, as real models need them (Codex `parser.rs` plus a few more): surrounding blank
 * lines and whitespace around every `***` marker, a heredoc (`<<'EOF'` … `EOF`, also
 * `apply_patch <<'EOF'` / `cat <<EOF`) or a Markdown code fence around the patch, CRLF line
 * endings, case-insensitive markers, blank lines between file operations and between hunks,
 * stacked `@@ anchor` lines, unified-diff hunk headers (`@@ -12,7 +12,8 @@ fn x()`), an empty line
 * inside an added file, and an empty line in a hunk read as an empty context line (trailing empty
 * lines of a hunk are dropped: they only separate it from what follows).
 *
 * Errors are ValidationErrors on the `patch` field that name the 1-based line of the patch text.
 */
import { ValidationError } from '@toolsmith/core';

export interface AddFileOperation {
  kind: 'add';
  path: string;
  /** The file's lines (without `+`). */
  lines: string[];
  /** 1-based line of the header in the patch text. */
  line: number;
}

export interface DeleteFileOperation {
  kind: 'delete';
  path: string;
  line: number;
}

export interface UpdateHunk {
  /** `@@ <anchor>` lines, sought in order before the hunk's lines. */
  anchors: string[];
  /** Context and removed lines: what the file must contain. */
  oldLines: string[];
  /** Context and added lines: what replaces them. */
  newLines: string[];
  /**
   * For each new line, the index in `oldLines` of the context line it repeats, or -1 for an added
   * line: context lines keep the file's own text when they matched leniently.
   */
  newLineSources: number[];
  /** `*** End of File`: the old lines end the file. */
  isEndOfFile: boolean;
  /** Counts of `+` and `-` lines. */
  added: number;
  removed: number;
  /** 1-based line of the hunk's first line (its `@@` or first change line) in the patch text. */
  line: number;
}

export interface UpdateFileOperation {
  kind: 'update';
  path: string;
  movePath?: string;
  hunks: UpdateHunk[];
  line: number;
}

export type PatchOperation = AddFileOperation | DeleteFileOperation | UpdateFileOperation;

export interface ParsedPatch {
  operations: PatchOperation[];
}

const BEGIN = /^\*\*\*\s*begin\s+patch$/i;
const END = /^\*\*\*\s*end\s+patch$/i;
const FILE_HEADER = /^\*\*\*\s*(add|delete|update)\s+file\s*:\s*(.*)$/i;
const MOVE_TO = /^\*\*\*\s*move\s+to\s*:\s*(.*)$/i;
const END_OF_FILE = /^\*\*\*\s*end\s+of\s+file$/i;
const HEREDOC_OPEN = /^(?:(?:apply_patch|applypatch|cat)\s+)?<<-?\s*(['"]?)([A-Za-z_][A-Za-z0-9_]*)\1$/;
const FENCE_OPEN = /^(`{3,}|~{3,})[\w-]*$/;
const UNIFIED_HUNK_HEADER = /^@@\s+-\d+(?:,\d+)?\s+\+\d+(?:,\d+)?\s+@@(.*)$/;

const VALID_HEADERS = "'*** Add File: <path>', '*** Update File: <path>', '*** Delete File: <path>'";

function fail(line: number, message: string): never {
  throw new ValidationError({
    toolName: 'ApplyPatch',
    issues: [{ field: 'patch', message: `line ${line}: ${message}` }],
  });
}

function quote(text: string): string {
  const shown = text.length > 80 ? `${text.slice(0, 77)}...` : text;
  return `'${shown}'`;
}

/** `@@`, `@@ anchor` or a unified-diff `@@ -a,b +c,d @@ anchor` line. */
function isHunkMarker(line: string): boolean {
  return line.trimEnd() === '@@' || /^@@[ \t]/.test(line);
}

/** The anchor of a hunk marker line, if it has one. */
function anchorOf(line: string): string | undefined {
  const unified = UNIFIED_HUNK_HEADER.exec(line.trimEnd());
  const rest = unified ? unified[1]! : line.slice(2);
  return rest.trim() === '' ? undefined : rest.replace(/^[ \t]/, '').trimEnd();
}

/** A line that ends an Update File operation: another file operation or the end of the patch. */
function isOperationBoundary(line: string): boolean {
  const trimmed = line.trim();
  return FILE_HEADER.test(trimmed) || END.test(trimmed) || BEGIN.test(trimmed);
}

interface Body {
  start: number;
  end: number;
}

function firstAndLast(lines: readonly string[], start: number, end: number): Body | undefined {
  let first = start;
  let last = end - 1;
  while (first <= last && lines[first]!.trim() === '') first++;
  while (last >= first && lines[last]!.trim() === '') last--;
  return first <= last ? { start: first, end: last + 1 } : undefined;
}

/** The index range of the lines between `*** Begin Patch` and `*** End Patch`. */
function findBody(lines: readonly string[], range: Body, unwrapped = false): Body {
  const firstLine = lines[range.start]!.trim();
  const lastLine = lines[range.end - 1]!.trim();
  if (BEGIN.test(firstLine) && END.test(lastLine) && range.end - range.start >= 2) {
    return { start: range.start + 1, end: range.end - 1 };
  }
  if (!unwrapped && range.end - range.start >= 4) {
    const heredoc = HEREDOC_OPEN.exec(firstLine);
    const fence = FENCE_OPEN.exec(firstLine);
    const closes =
      (heredoc && lastLine === heredoc[2]) ||
      (fence && lastLine.startsWith(fence[1]![0]!.repeat(3)) && /^(`+|~+)$/.test(lastLine));
    if (closes) {
      const inner = firstAndLast(lines, range.start + 1, range.end - 1);
      if (inner) return findBody(lines, inner, true);
    }
  }
  if (!BEGIN.test(firstLine)) {
    fail(
      range.start + 1,
      `the patch must start with '*** Begin Patch', found ${quote(firstLine)}. Send only the patch: '*** Begin Patch', the file operations, '*** End Patch'.`,
    );
  }
  return fail(
    range.end,
    `the patch must end with '*** End Patch', found ${quote(lastLine)}. If the patch was cut off, send it again complete.`,
  );
}

/** Parses patch text into file operations. Throws a ValidationError naming the bad line. */
export function parsePatch(text: string): ParsedPatch {
  const lines = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  const range = firstAndLast(lines, 0, lines.length);
  if (!range) fail(1, "the patch is empty. Send '*** Begin Patch', the file operations, '*** End Patch'.");
  const body = findBody(lines, range);
  const operations: PatchOperation[] = [];
  let i = body.start;
  while (i < body.end) {
    const raw = lines[i]!;
    const trimmed = raw.trim();
    if (trimmed === '') {
      i++;
      continue;
    }
    const header = FILE_HEADER.exec(trimmed);
    if (!header) fail(i + 1, invalidHeaderMessage(trimmed, operations.at(-1)));
    const kind = header[1]!.toLowerCase() as PatchOperation['kind'];
    const path = header[2]!.trim();
    if (path === '') {
      fail(
        i + 1,
        `'*** ${capitalised(kind)} File:' needs a path, e.g. '*** ${capitalised(kind)} File: src/app.ts'.`,
      );
    }
    if (kind === 'add') {
      i = parseAdd(lines, i, body.end, path, operations);
    } else if (kind === 'delete') {
      operations.push({ kind: 'delete', path, line: i + 1 });
      i++;
    } else {
      i = parseUpdate(lines, i, body.end, path, operations);
    }
  }
  if (operations.length === 0) {
    fail(
      body.start + 1,
      `the patch has no file operations. Put at least one of ${VALID_HEADERS} between '*** Begin Patch' and '*** End Patch'.`,
    );
  }
  return { operations };
}

function capitalised(kind: string): string {
  return kind.charAt(0).toUpperCase() + kind.slice(1);
}

function invalidHeaderMessage(trimmed: string, previous: PatchOperation | undefined): string {
  const base = `${quote(trimmed)} is not a valid file operation. Valid ones: ${VALID_HEADERS}.`;
  if (MOVE_TO.test(trimmed))
    return `${base} '*** Move to: <path>' must come right after its '*** Update File: <path>' line.`;
  if (END_OF_FILE.test(trimmed))
    return `${base} '*** End of File' must be the last line of an Update File hunk.`;
  if (/^\*\*\*/.test(trimmed)) return base;
  if (previous?.kind === 'add') {
    return `${base} Every line of a new file (Add File ${previous.path}) must start with '+', empty lines too.`;
  }
  if (previous?.kind === 'delete')
    return `${base} '*** Delete File: ${previous.path}' takes no lines after it.`;
  if (/^[-+@ ]/.test(trimmed))
    return `${base} Hunk lines ('@@', ' ', '-', '+') must follow an '*** Update File: <path>' line.`;
  return base;
}

function parseAdd(
  lines: readonly string[],
  header: number,
  end: number,
  path: string,
  out: PatchOperation[],
): number {
  const content: string[] = [];
  let i = header + 1;
  while (i < end) {
    const line = lines[i]!;
    if (line.startsWith('+')) {
      content.push(line.slice(1));
      i++;
      continue;
    }
    if (line.trim() !== '') break;
    // An empty line followed by more `+` lines is an empty line of the file whose `+` was lost.
    let next = i;
    while (next < end && lines[next]!.trim() === '') next++;
    if (next >= end || !lines[next]!.startsWith('+')) break;
    for (; i < next; i++) content.push('');
  }
  out.push({ kind: 'add', path, lines: content, line: header + 1 });
  return i;
}

function parseUpdate(
  lines: readonly string[],
  header: number,
  end: number,
  path: string,
  out: PatchOperation[],
): number {
  let i = header + 1;
  let movePath: string | undefined;
  const move = i < end ? MOVE_TO.exec(lines[i]!.trim()) : null;
  if (move) {
    movePath = move[1]!.trim();
    if (movePath === '') fail(i + 1, "'*** Move to:' needs a path, e.g. '*** Move to: src/new-name.ts'.");
    i++;
  }
  const hunks: UpdateHunk[] = [];
  while (i < end) {
    const line = lines[i]!;
    if (line.trim() === '') {
      i++;
      continue;
    }
    if ((line.startsWith('***') || isOperationBoundary(line)) && !END_OF_FILE.test(line.trim())) break;
    const hunkLine = i + 1;
    const anchors: string[] = [];
    let marked = false;
    while (i < end && isHunkMarker(lines[i]!)) {
      marked = true;
      const anchor = anchorOf(lines[i]!);
      if (anchor !== undefined) anchors.push(anchor);
      i++;
    }
    if (!marked && hunks.length > 0) {
      fail(i + 1, unexpectedLineMessage(lines[i]!, path, hunks.at(-1)!.isEndOfFile));
    }
    const hunk: UpdateHunk = {
      anchors,
      oldLines: [],
      newLines: [],
      newLineSources: [],
      isEndOfFile: false,
      added: 0,
      removed: 0,
      line: hunkLine,
    };
    let count = 0;
    let trailingEmpty = 0;
    for (; i < end; i++) {
      const current = lines[i]!;
      if (END_OF_FILE.test(current.trim())) {
        if (count === 0) fail(i + 1, emptyHunkMessage(hunks.length + 1, path));
        hunk.isEndOfFile = true;
        i++;
        break;
      }
      if (isHunkMarker(current) || current.startsWith('***') || isOperationBoundary(current)) break;
      const prefix = current.charAt(0);
      if (current === '') {
        hunk.oldLines.push('');
        hunk.newLines.push('');
        hunk.newLineSources.push(hunk.oldLines.length - 1);
        trailingEmpty++;
      } else if (prefix === ' ' || prefix === '+' || prefix === '-') {
        const content = current.slice(1);
        if (prefix !== '+') hunk.oldLines.push(content);
        if (prefix !== '-') {
          hunk.newLines.push(content);
          hunk.newLineSources.push(prefix === ' ' ? hunk.oldLines.length - 1 : -1);
        }
        if (prefix === '+') hunk.added++;
        if (prefix === '-') hunk.removed++;
        trailingEmpty = 0;
      } else {
        if (count === 0) fail(i + 1, unexpectedLineMessage(current, path, false));
        break;
      }
      count++;
    }
    // Empty lines at the end of a hunk only separate it from what follows.
    hunk.oldLines.length -= trailingEmpty;
    hunk.newLines.length -= trailingEmpty;
    hunk.newLineSources.length -= trailingEmpty;
    if (hunk.oldLines.length === 0 && hunk.newLines.length === 0) {
      fail(hunkLine, emptyHunkMessage(hunks.length + 1, path));
    }
    hunks.push(hunk);
  }
  if (hunks.length === 0 && movePath === undefined) {
    fail(
      header + 1,
      `'*** Update File: ${path}' has no hunks. Follow it with '@@' and the context (' '), removed ('-') and added ('+') lines, or with '*** Move to: <path>' to only rename it.`,
    );
  }
  out.push({
    kind: 'update',
    path,
    ...(movePath === undefined ? {} : { movePath }),
    hunks,
    line: header + 1,
  });
  return i;
}

function emptyHunkMessage(n: number, path: string): string {
  return `hunk ${n} of Update File ${path} has no lines. After '@@' put the context (' '), removed ('-') and added ('+') lines.`;
}

function unexpectedLineMessage(line: string, path: string, afterEndOfFile: boolean): string {
  const base = `unexpected line ${quote(line)} in Update File ${path}. Hunk lines start with ' ' (context, also for an empty line), '-' (removed) or '+' (added); start another hunk with '@@' and another file operation with '*** Update File: <path>'.`;
  return afterEndOfFile ? `${base} '*** End of File' must be the last line of its hunk.` : base;
}
