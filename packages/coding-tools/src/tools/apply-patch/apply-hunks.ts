/**
 * Applies the hunks of one Update File operation to a file's text, in memory (Codex
 * `compute_replacements` + `apply_replacements`, linear in the file size).
 *
 * Every hunk is located from where the previous one ended: its `@@` anchors first, then its old
 * lines (with the 4 passes of seek_sequence; `*** End of File` tries the file's end first). Beyond
 * Codex, and deliberately:
 * - the old lines may start on the anchor line itself (models often repeat the anchor as context);
 * - an anchor, or the lines of a hunk without anchor, not found after the previous hunk may be
 *   found before it (hunks given out of order, an anchor repeated for a second change in the same
 *   class) — only where they occur once in the file, and never on lines another hunk changes; the
 *   lines of an anchored hunk are only looked for below their anchor;
 * - a pure addition under an anchor is inserted right after the anchor line (Codex appends it at
 *   the end of the file); without an anchor it is appended at the end, as in Codex;
 * - context lines keep the file's own text: after a lenient match (whitespace, punctuation) only
 *   the `-` lines are removed and the `+` lines inserted; Codex rewrites the context lines too;
 * - a file that ended with an empty line keeps it (Codex drops it).
 * Failures are collected per hunk, each with the closest match in the file.
 */
import { findClosestText, similarityPercent } from '../shared/closest-text.ts';
import { plural } from '../shared/plural.ts';
import type { UpdateHunk } from './parse-patch.ts';
import { SearchableLines, seekSequence, type SeekMatch } from './seek-sequence.ts';

export interface HunkFailure {
  /** 1-based number of the hunk within its Update File operation. */
  hunk: number;
  /** What went wrong and how to fix it (without the file name). */
  message: string;
}

export type HunksResult = { ok: true; text: string } | { ok: false; failures: HunkFailure[] };

interface Replacement {
  start: number;
  length: number;
  lines: readonly string[];
}

/** Splits text into lines the way the patch sees them: the final newline does not start a line. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/**
 * The fallback search before the current position: the whole file, accepted only when the match
 * is unique (otherwise a stale hunk could land on a look-alike block elsewhere).
 */
function seekUnique(
  file: SearchableLines,
  pattern: readonly string[],
  options: { eof?: boolean; accept?: (index: number) => boolean },
): SeekMatch | undefined {
  const found = seekSequence(file, pattern, 0, options);
  if (!found) return undefined;
  const another = seekSequence(
    file,
    pattern,
    found.index + 1,
    options.accept ? { accept: options.accept } : {},
  );
  return another ? undefined : found;
}

function overlaps(replacements: readonly Replacement[], start: number, length: number): boolean {
  const end = start + length;
  for (const r of replacements) {
    if (r.length === 0 ? start < r.start && r.start < end : start < r.start + r.length && r.start < end) {
      return true;
    }
  }
  return false;
}

/** Applies `hunks` to `text` (content with `\n` endings). The result always ends with a newline. */
export function applyHunks(text: string, hunks: readonly UpdateHunk[]): HunksResult {
  const lines = splitLines(text);
  const file = new SearchableLines(lines);
  const replacements: Replacement[] = [];
  const failures: HunkFailure[] = [];
  let position = 0;

  hunks.forEach((hunk, index) => {
    const number = index + 1;
    let anchorLine = -1;
    for (const anchor of hunk.anchors) {
      const found =
        seekSequence(file, [anchor], position) ?? (position > 0 ? seekUnique(file, [anchor], {}) : undefined);
      if (!found) {
        failures.push({ hunk: number, message: anchorNotFound(anchor, text, position, failures.length) });
        return;
      }
      anchorLine = found.index;
      position = found.index + 1;
    }

    if (hunk.oldLines.length === 0) {
      const atEnd = lines.length > 0 && lines.at(-1) === '' ? lines.length - 1 : lines.length;
      const start = anchorLine >= 0 && !hunk.isEndOfFile ? anchorLine + 1 : atEnd;
      const inside = replacements.findIndex((r) => r.start < start && start < r.start + r.length);
      if (inside >= 0) {
        failures.push({
          hunk: number,
          message: `its added lines go after line ${start}, inside the lines another hunk of this file changes. Merge the two hunks into one.`,
        });
        return;
      }
      replacements.push({ start, length: 0, lines: hunk.newLines });
      return;
    }

    const from = anchorLine >= 0 ? anchorLine : position;
    const locate = (pattern: readonly string[]): SeekMatch | undefined => {
      const accept = (i: number) => !overlaps(replacements, i, pattern.length);
      return (
        seekSequence(file, pattern, from, { eof: hunk.isEndOfFile, accept }) ??
        (from > 0 && anchorLine < 0
          ? seekUnique(file, pattern, { eof: hunk.isEndOfFile, accept })
          : undefined)
      );
    };
    let oldLines: readonly string[] = hunk.oldLines;
    let newCount = hunk.newLines.length;
    let found = locate(oldLines);
    if (!found && oldLines.at(-1) === '') {
      // A trailing empty context line often stands for the file's final newline: retry without.
      let cut = oldLines.length;
      while (cut > 0 && oldLines[cut - 1] === '') cut--;
      for (let k = cut; k < oldLines.length && hunk.newLines[newCount - 1] === ''; k++) newCount--;
      oldLines = oldLines.slice(0, cut);
      found = locate(oldLines);
    }
    if (!found) {
      failures.push({
        hunk: number,
        message: linesNotFound(hunk, text, from, anchorLine >= 0, failures.length),
      });
      return;
    }
    // Context lines keep the file's text (it may differ in whitespace or punctuation).
    const start = found.index;
    const length = oldLines.length;
    const replacement: string[] = [];
    for (let k = 0; k < newCount; k++) {
      const source = hunk.newLineSources[k] ?? -1;
      replacement.push(source >= 0 && source < length ? lines[start + source]! : hunk.newLines[k]!);
    }
    replacements.push({ start, length, lines: replacement });
    position = found.index + oldLines.length;
  });

  if (failures.length > 0) return { ok: false, failures };

  const ordered = replacements
    .map((r, order) => ({ ...r, order }))
    .sort((a, b) => a.start - b.start || a.order - b.order);
  const output: string[] = [];
  let cursor = 0;
  for (const r of ordered) {
    for (; cursor < r.start; cursor++) output.push(lines[cursor]!);
    for (const line of r.lines) output.push(line);
    cursor = Math.max(cursor, r.start + r.length);
  }
  for (; cursor < lines.length; cursor++) output.push(lines[cursor]!);
  return { ok: true, text: output.length === 0 ? '' : `${output.join('\n')}\n` };
}

// ---------------------------------------------------------------------------------------------
// Failure messages with the closest match

const MAX_SHOWN_LINES = 4;
/** Failures of one file that get a closest match (each costs a scan of the file). */
const MAX_CLOSEST_SEARCHES = 3;

function clip(text: string, max = 100): string {
  return text.length > max ? `${text.slice(0, max - 3)}...` : text;
}

function showLines(lines: readonly string[], firstLine: number): string {
  return lines
    .slice(0, MAX_SHOWN_LINES)
    .map((line, i) => `  ${String(firstLine + i).padStart(5)} | ${clip(line)}`)
    .join('\n');
}

function anchorNotFound(anchor: string, text: string, position: number, earlier: number): string {
  const where =
    position > 0
      ? ` at or after line ${position + 1}, where the previous hunk ended (before it, it is absent or not unique)`
      : '';
  const closest =
    earlier < MAX_CLOSEST_SEARCHES ? findClosestText(text, anchor.trim(), { fragments: false }) : undefined;
  let hint = '';
  if (closest && closest.similarity >= 1) {
    hint = ` The line is at line ${closest.line}, before where this hunk is looked for: give the hunks in file order, or a bare '@@' with more context lines.`;
  } else if (closest && closest.similarity > 0) {
    hint = ` Closest line: ${closest.line}: ${JSON.stringify(clip(closest.lines[0]!.trim()))} (${similarityPercent(closest.similarity)} similar).`;
  }
  return `anchor '@@ ${clip(anchor)}' not found${where}.${hint} After '@@ ' put a line copied exactly from the file (e.g. the enclosing function or class), or use a bare '@@'.`;
}

function linesNotFound(
  hunk: UpdateHunk,
  text: string,
  from: number,
  anchored: boolean,
  earlier: number,
): string {
  const where = hunk.isEndOfFile
    ? ' at the end of the file (the hunk ends with *** End of File)'
    : anchored
      ? ` below its anchor (line ${from + 1})`
      : from > 0
        ? ` after line ${from}, where the previous hunk ended (before it, it is absent or not unique)`
        : '';
  const parts = [`context not found${where}. Expected:`];
  for (const line of hunk.oldLines.slice(0, MAX_SHOWN_LINES)) parts.push(`  ${clip(line)}`);
  if (hunk.oldLines.length > MAX_SHOWN_LINES)
    parts.push(`  ... (${plural(hunk.oldLines.length, 'line')} in all)`);
  const closest =
    earlier < MAX_CLOSEST_SEARCHES
      ? findClosestText(text, hunk.oldLines.join('\n'), { fragments: false })
      : undefined;
  if (closest && closest.similarity >= 1) {
    // The lines are in the file, but not where this hunk may go.
    const why = hunk.isEndOfFile
      ? "they do not end the file: remove '*** End of File', or give the lines that do end it"
      : anchored
        ? "above its anchor: use an anchor above them, or a bare '@@'"
        : from > 0
          ? 'before the previous hunk, and not only there: give the hunks in file order, or more context lines that occur once'
          : 'on lines another hunk of this patch changes: merge the two hunks into one';
    parts.push(`These lines are at line ${closest.line}, ${why}.`);
  } else if (closest && closest.similarity > 0) {
    parts.push(`Closest at line ${closest.line} (${similarityPercent(closest.similarity)} similar):`);
    parts.push(showLines(closest.lines, closest.line));
  } else if (earlier < MAX_CLOSEST_SEARCHES) {
    parts.push('Nothing similar is in the file.');
  }
  parts.push(
    "Copy the context (' ') and removed ('-') lines exactly from the current file (Read it again if it may have changed).",
  );
  return parts.join('\n');
}
