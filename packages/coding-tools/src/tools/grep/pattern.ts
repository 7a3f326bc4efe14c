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

/**
 * Compiles the pattern as JavaScript: with the `u` flag when it allows (Unicode semantics, as
 * ripgrep's), without it otherwise. Python/Rust-style named groups `(?P<name>…)` are accepted.
 */
export function compileJsPattern(pattern: string, flags: string): RegExp {
  const source = pattern.replace(/\(\?P</g, '(?<');
  try {
    return new RegExp(source, `${flags}u`);
  } catch {
    try {
      return new RegExp(source, flags);
    } catch (error) {
      throw invalidPatternError((error as Error).message);
    }
  }
}
