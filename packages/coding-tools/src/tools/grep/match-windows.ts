/**
 * Long matched lines (minified bundles, generated JSON, lock files) are shown as windows around
 * their matches instead of their first characters, where the match usually is not:
 * `…<100 characters before>match<the rest of 200 from the match start>…`, nearby matches sharing a
 * window, at most {@link MAX_WINDOWS} windows per line, and a note with the count.
 *
 * Both backends give the same input — the whole line and the UTF-16 offsets where matches start —
 * so their output is identical: both find the matches in the line with the pattern as JavaScript
 * compiles it; the ripgrep backend reads the line from the file first, and asks ripgrep for the
 * byte offsets (`--only-matching --byte-offset`, converted by {@link lineFromOffsets}) when
 * JavaScript finds nothing there.
 */
import { plural } from '../shared/plural.ts';

/** Matched lines longer than this are shown as windows; other long lines are cut at it. */
export const LONG_LINE_CHARS = 2000;
/** Characters shown before a match start. */
export const WINDOW_BEFORE = 100;
/** Characters shown from a match start on (the match and what follows it). */
export const WINDOW_AFTER = 200;
/** A window that grows past this (many close matches) is closed; the next match opens another. */
const MAX_WINDOW_CHARS = 600;
/** Windows shown per line. */
export const MAX_WINDOWS = 5;
/** Files larger than this are not read again for their long lines (the line is cut instead). */
export const MAX_WINDOW_FILE_BYTES = 64 * 1024 * 1024;

/** UTF-16 offsets where non-empty matches of `regex` (global) start in `text`. */
export function matchStarts(regex: RegExp, text: string): number[] {
  const starts: number[] = [];
  regex.lastIndex = 0;
  for (let match = regex.exec(text); match !== null; match = regex.exec(text)) {
    if (match[0] === '') {
      regex.lastIndex = match.index + 1;
      continue;
    }
    starts.push(match.index);
  }
  return starts;
}

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** Line `number` (1-based) of `content`, decoded; undefined past the end. */
export function lineAt(content: Buffer, number: number): string | undefined {
  let start = 0;
  for (let line = 1; line < number; line++) {
    const newline = content.indexOf(10, start);
    if (newline === -1) return undefined;
    start = newline + 1;
  }
  if (start > content.length) return undefined;
  const newline = content.indexOf(10, start);
  return content.toString('utf8', start, newline === -1 ? content.length : newline);
}

/**
 * The line at `offsets` (byte offsets of match starts, ascending, all on one line of `content`) and
 * the UTF-16 offsets of those starts within it.
 */
export function lineFromOffsets(
  content: Buffer,
  offsets: readonly number[],
): { text: string; starts: number[] } {
  const first = offsets[0] ?? 0;
  const lineStart = first === 0 ? 0 : content.lastIndexOf(10, first - 1) + 1;
  const newline = content.indexOf(10, first);
  const lineEnd = newline === -1 ? content.length : newline;
  const starts: number[] = [];
  let position = lineStart;
  let chars = 0;
  for (const offset of offsets) {
    chars += content.toString('utf8', position, offset).length;
    position = offset;
    starts.push(chars);
  }
  return { text: content.toString('utf8', lineStart, lineEnd), starts };
}

interface Window {
  start: number;
  end: number;
}

/** A long matched line as windows around `starts`, with a note on what it shows. */
export function matchWindows(line: string, starts: readonly number[]): string {
  const text = line.endsWith('\r') ? line.slice(0, -1) : line;
  const windows: Window[] = [];
  let covered = 0;
  for (const at of starts) {
    const start = Math.max(0, at - WINDOW_BEFORE);
    const end = Math.min(text.length, at + WINDOW_AFTER);
    const last = windows.at(-1);
    if (last && start <= last.end && end - last.start <= MAX_WINDOW_CHARS) {
      last.end = Math.max(last.end, end);
    } else {
      if (windows.length === MAX_WINDOWS) break;
      windows.push({ start, end });
    }
    covered++;
  }
  const parts = windows.map(({ start, end }) => {
    let from = start;
    let to = end;
    if (from > 0 && isLow(text.charCodeAt(from))) from++;
    if (to < text.length && isHigh(text.charCodeAt(to - 1))) to--;
    return `${from > 0 ? '…' : ''}${text.slice(from, to)}${to < text.length ? '…' : ''}`;
  });
  const shown = covered < starts.length ? `; windows around the first ${covered}` : '';
  return `${parts.join(' ')} [${plural(starts.length, 'match', 'matches')} in a line of ${text.length} characters${shown}]`;
}
