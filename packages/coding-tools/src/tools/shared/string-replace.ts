/**
 * The exact-string replacement shared by Edit and MultiEdit (Claude Code semantics): `old_string`
 * must occur exactly once unless `replace_all`; replacing a string with itself is an error; a
 * miss says where the closest text is. Works on `\n` text (see text-file.ts); `\r\n` in the model's
 * strings is normalised first. Pure: nothing here touches the disk.
 */
import { ValidationError } from '@toolsmith/core';
import { findClosestText, similarityPercent } from './closest-text.ts';
import { plural } from './plural.ts';
import { linesAt, listLineNumbers, numberLines } from './number-lines.ts';

export interface StringEdit {
  old_string: string;
  new_string: string;
  replace_all?: boolean | undefined;
}

export interface StringEditResult {
  text: string;
  /** How many occurrences were replaced. */
  replaced: number;
  /** 1-based lines (in the new text) where the replacements start. */
  lines: number[];
}

/** Where an edit comes from, for error messages. */
export interface EditSource {
  toolName: string;
  /** The file as shown to the model. */
  shown: string;
  /** Field path prefix: '' for Edit, 'edits.2.' for the third edit of a MultiEdit. */
  fieldPrefix: string;
  /** Put before every message, e.g. "Edit 3 of 4: ". */
  label?: string;
  /** Appended to every message, e.g. "No edits were applied; the file is unchanged." */
  suffix?: string;
}

const MAX_SNIPPET_LINES = 12;
/** Read's line prefix (`  12<tab>`), which models sometimes copy into old_string. */
const LINE_PREFIX = /^ *\d+\t/;

function fail(source: EditSource, field: string, message: string): never {
  throw new ValidationError({
    toolName: source.toolName,
    issues: [
      {
        field: `${source.fieldPrefix}${field}`,
        message: `${source.label ?? ''}${message}${source.suffix ? ` ${source.suffix}` : ''}`,
      },
    ],
  });
}

function occurrences(text: string, needle: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) {
    found.push(at);
  }
  return found;
}

function notFoundMessage(text: string, wanted: string, shown: string): string {
  const head = `old_string was not found in ${shown}.`;
  const wantedLines = wanted.split('\n');
  if (wantedLines.every((line) => line === '' || LINE_PREFIX.test(line))) {
    const stripped = wantedLines.map((line) => line.replace(LINE_PREFIX, '')).join('\n');
    if (text.includes(stripped)) {
      return `${head} It starts its lines with the line numbers Read shows; remove the "<number><tab>" prefixes and keep only the file text.`;
    }
  }
  const advice =
    'old_string must match the file exactly, including whitespace and indentation: Read the file again and copy the text (without the line-number prefix).';
  const closest = findClosestText(text, wanted);
  if (!closest || closest.similarity < 0.3) return `${head} No similar text exists in the file. ${advice}`;
  const last = closest.line + closest.lines.length - 1;
  const where = last === closest.line ? `line ${closest.line}` : `lines ${closest.line}-${last}`;
  const snippetLines = closest.lines.slice(0, MAX_SNIPPET_LINES);
  const more =
    closest.lines.length > snippetLines.length
      ? `\n… (${plural(closest.lines.length - snippetLines.length, 'more line')})`
      : '';
  const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
  const onlyWhitespace =
    squash(closest.lines.join('\n')) === squash(wanted) ? ', differs only in whitespace/indentation' : '';
  const similar = `${similarityPercent(closest.similarity)} similar${onlyWhitespace}`;
  return `${head} The closest text is at ${where} (${similar}):\n${numberLines(snippetLines, closest.line)}${more}\n${advice}`;
}

/** Applies one edit to `text`; throws a ValidationError the model can act on when it cannot. */
export function applyStringEdit(text: string, edit: StringEdit, source: EditSource): StringEditResult {
  const oldString = edit.old_string.replace(/\r\n/g, '\n');
  const newString = edit.new_string.replace(/\r\n/g, '\n');
  if (oldString === newString) {
    fail(
      source,
      'new_string',
      'new_string is identical to old_string, so the edit would change nothing. Put the replacement text in new_string.',
    );
  }
  if (oldString === '') {
    if (text !== '') {
      fail(
        source,
        'old_string',
        `old_string is empty but ${source.shown} is not. Give the exact text to replace (an empty old_string only creates a new or empty file; use Write to replace a whole file).`,
      );
    }
    return { text: newString, replaced: 1, lines: [1] };
  }
  const found = occurrences(text, oldString);
  if (found.length === 0) fail(source, 'old_string', notFoundMessage(text, oldString, source.shown));
  if (found.length > 1 && !edit.replace_all) {
    fail(
      source,
      'old_string',
      `old_string matches ${found.length} places in ${source.shown} (lines ${listLineNumbers(linesAt(text, found))}). Add surrounding lines to old_string so it matches exactly one place, or set replace_all: true to replace every occurrence.`,
    );
  }
  // Splice by index (String.replace would interpret `$&`, `$1`… in new_string).
  const pieces: string[] = [];
  const starts: number[] = [];
  let from = 0;
  let length = 0;
  for (const at of found) {
    const kept = text.slice(from, at);
    pieces.push(kept, newString);
    length += kept.length;
    starts.push(length);
    length += newString.length;
    from = at + oldString.length;
  }
  pieces.push(text.slice(from));
  const result = pieces.join('');
  return { text: result, replaced: found.length, lines: linesAt(result, starts) };
}
