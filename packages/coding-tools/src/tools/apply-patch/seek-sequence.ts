/**
 * seek_sequence: find a run of patch lines in a file, from a position onwards, with decreasing
 * strictness (Codex `seek_sequence.rs`): exact, then ignoring trailing whitespace, then ignoring
 * surrounding whitespace, then also mapping Unicode punctuation look-alikes (curly quotes, dashes,
 * odd spaces) to ASCII. The first match of the strictest pass wins; there is no uniqueness check.
 *
 * The file's lines are normalised once per pass and cached ({@link SearchableLines}), so many
 * searches over one file stay linear in the distance they scan.
 */

export const SEEK_PASSES = ['exact', 'trim-end', 'trim', 'punctuation'] as const;
export type SeekPass = (typeof SEEK_PASSES)[number];

const LOOK_ALIKES = /[\u2010-\u2015\u2212\u2018-\u201F\u00A0\u2002-\u200A\u202F\u205F\u3000]/g;

function asciiFor(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  if ((code >= 0x2010 && code <= 0x2015) || code === 0x2212) return '-';
  if (code >= 0x2018 && code <= 0x201b) return "'";
  if (code >= 0x201c && code <= 0x201f) return '"';
  return ' ';
}

/** Trims and maps dashes, curly quotes and non-breaking/odd spaces to their ASCII forms. */
export function normalisePunctuation(line: string): string {
  return line.trim().replace(LOOK_ALIKES, asciiFor).trim();
}

/** A line as a pass compares it. */
export function normaliseForPass(pass: SeekPass, line: string): string {
  switch (pass) {
    case 'exact':
      return line;
    case 'trim-end':
      return line.trimEnd();
    case 'trim':
      return line.trim();
    case 'punctuation':
      return normalisePunctuation(line);
  }
}

/** A file's lines plus, computed on first use, their normalised form for each pass. */
export class SearchableLines {
  readonly lines: readonly string[];
  readonly #views = new Map<SeekPass, readonly string[]>();

  constructor(lines: readonly string[]) {
    this.lines = lines;
  }

  get length(): number {
    return this.lines.length;
  }

  view(pass: SeekPass): readonly string[] {
    if (pass === 'exact') return this.lines;
    let view = this.#views.get(pass);
    if (!view) {
      view = this.lines.map((line) => normaliseForPass(pass, line));
      this.#views.set(pass, view);
    }
    return view;
  }
}

export interface SeekMatch {
  /** 0-based index of the first matched line. */
  index: number;
  /** The pass that matched. */
  pass: SeekPass;
}

export interface SeekOptions {
  /** The pattern should end the file: try the last position first, then search from `start`. */
  eof?: boolean;
  /** Rejects a candidate position (e.g. one overlapping an earlier hunk); the search goes on. */
  accept?: (index: number) => boolean;
}

function matchesAt(view: readonly string[], pattern: readonly string[], index: number): boolean {
  for (let k = 0; k < pattern.length; k++) {
    if (view[index + k] !== pattern[k]) return false;
  }
  return true;
}

/**
 * Finds `pattern` in `haystack` at or after `start`. An empty pattern matches at `start`; a
 * pattern longer than the file never matches.
 */
export function seekSequence(
  haystack: SearchableLines | readonly string[],
  pattern: readonly string[],
  start: number,
  options: SeekOptions = {},
): SeekMatch | undefined {
  const lines = haystack instanceof SearchableLines ? haystack : new SearchableLines(haystack);
  const from = Math.max(0, start);
  if (pattern.length === 0) return { index: Math.min(from, lines.length), pass: 'exact' };
  const last = lines.length - pattern.length;
  if (last < 0) return undefined;
  const accept = options.accept ?? (() => true);
  const normalised = SEEK_PASSES.map((pass) => pattern.map((line) => normaliseForPass(pass, line)));

  if (options.eof) {
    for (const [p, pass] of SEEK_PASSES.entries()) {
      if (matchesAt(lines.view(pass), normalised[p]!, last) && accept(last)) return { index: last, pass };
    }
  }
  for (const [p, pass] of SEEK_PASSES.entries()) {
    const view = lines.view(pass);
    const wanted = normalised[p]!;
    const first = wanted[0];
    for (let i = from; i <= last; i++) {
      if (view[i] === first && matchesAt(view, wanted, i) && accept(i)) return { index: i, pass };
    }
  }
  return undefined;
}
