/**
 * Pattern handling shared by both backends, so that they refuse the same patterns with the same
 * words: a line break without multiline mode, an unknown file type, an invalid regular expression.
 */
import { ValidationError } from '@toolsmith/core';
import { FILE_TYPE_NAMES } from './file-types.ts';

const TOOL = 'Grep';

export function lineBreakError(): ValidationError {
  return new ValidationError({
    toolName: TOOL,
    issues: [
      {
        field: 'pattern',
        message:
          'The pattern contains a line break (\\n), which can only match with multiline: true (then "." matches newlines too). Set multiline: true, or search for one line at a time.',
      },
    ],
  });
}

export function unknownTypeError(name: string): ValidationError {
  return new ValidationError({
    toolName: TOOL,
    issues: [
      {
        field: 'type',
        message: `Unknown file type "${name}". Use a ripgrep type name, or filter with glob instead (e.g. glob: "*.${name}").`,
        validOptions: FILE_TYPE_NAMES,
      },
    ],
  });
}

export function invalidPatternError(detail: string): ValidationError {
  return new ValidationError({
    toolName: TOOL,
    issues: [
      {
        field: 'pattern',
        message: `Invalid regular expression: ${detail.trim()}. Escape regex metacharacters to match them literally (e.g. "\\(", "\\{", "\\.").`,
      },
    ],
  });
}

/**
 * True when the pattern spells a line feed: `\n`, `\x0A`, `\x{A}`, `\u000A`, `\u{A}` or a literal
 * newline (ripgrep refuses those outside multiline mode).
 */
export function spellsLineBreak(pattern: string): boolean {
  const unescaped = pattern.replace(/\\\\/g, '');
  return /\\n|\\x0[aA](?![0-9a-fA-F])|\\x\{0*[aA]\}|\\u000[aA]|\\u\{0*[aA]\}|\n/.test(unescaped);
}

/** Inline flags at the very start of a ripgrep pattern, e.g. `(?i)` or `(?is)`. */
const LEADING_FLAGS = /^\(\?([a-zA-Z]+)\)/;

/** `\p{Name}` / `\P{Name}` without a `=`: ripgrep reads a script name there (`\p{Greek}`). */
const BARE_PROPERTY = /\\([pP])\{([A-Za-z_ ]+)\}/g;

/** ripgrep's ASCII classes (`[[:alpha:]]`), as the ranges they stand for inside a bracket class. */
const POSIX_CLASSES: Record<string, string> = {
  alnum: '0-9A-Za-z',
  alpha: 'A-Za-z',
  ascii: '\\x00-\\x7F',
  blank: '\\t ',
  cntrl: '\\x00-\\x1F\\x7F',
  digit: '0-9',
  graph: '!-~',
  lower: 'a-z',
  print: ' -~',
  punct: '!-\\/:-@\\[-`{-~',
  space: '\\t\\n\\v\\f\\r ',
  upper: 'A-Z',
  word: '0-9A-Za-z_',
  xdigit: '0-9A-Fa-f',
};

function posixClasses(source: string): string {
  return source.replace(/\[:(\^?)([a-z]+):\]/g, (whole, negated: string, name: string) => {
    const ranges = POSIX_CLASSES[name];
    if (negated || ranges === undefined)
      throw invalidPatternError(
        `"${whole}" is not supported without ripgrep. Use one of [:${Object.keys(POSIX_CLASSES).join(':], [:')}:] inside brackets, or a negated bracket class such as [^[:digit:]]`,
      );
    return ranges;
  });
}

function compiles(source: string, flags: string): boolean {
  try {
    new RegExp(source, flags);
    return true;
  } catch {
    return false;
  }
}

/**
 * Compiles the pattern as JavaScript: with the `u` flag when it allows (Unicode semantics, as
 * ripgrep's), without it otherwise. ripgrep spellings are translated: Python/Rust-style named groups
 * `(?P<name>…)`, ASCII classes (`[[:alpha:]_]`), leading inline flags (`(?i)`, `(?s)`; `(?m)` and `(?u)` change nothing line by line)
 * and script names in `\p{Greek}` (JavaScript spells them `\p{Script=Greek}`). A pattern with `\p{…}`
 * is never compiled without `u`, where `\p` would silently mean the letter p.
 */
export function compileJsPattern(pattern: string, flags: string): RegExp {
  let source = posixClasses(pattern.replace(/\(\?P</g, '(?<'));
  let allFlags = flags;
  const leading = LEADING_FLAGS.exec(source);
  if (leading) {
    const unknown = [...leading[1]!].filter((flag) => !'imsu'.includes(flag));
    if (unknown.length > 0)
      throw invalidPatternError(
        `the inline flag${unknown.length === 1 ? '' : 's'} "${unknown.join('')}" in "${leading[0]}" ${unknown.length === 1 ? 'is' : 'are'} not supported without ripgrep (i, s, m and u are)`,
      );
    source = source.slice(leading[0].length);
    for (const flag of leading[1]!)
      if ((flag === 'i' || flag === 's') && !allFlags.includes(flag)) allFlags += flag;
  }
  if (compiles(source, `${allFlags}u`)) return new RegExp(source, `${allFlags}u`);
  if (/\\[pP]\{/.test(source)) {
    const scripts = source.replace(BARE_PROPERTY, (whole, kind: string, name: string) =>
      compiles(whole, 'u') ? whole : `\\${kind}{Script=${name.replace(/ /g, '_')}}`,
    );
    try {
      return new RegExp(scripts, `${allFlags}u`);
    } catch (error) {
      throw invalidPatternError((error as Error).message);
    }
  }
  try {
    return new RegExp(source, allFlags);
  } catch (error) {
    throw invalidPatternError((error as Error).message);
  }
}
