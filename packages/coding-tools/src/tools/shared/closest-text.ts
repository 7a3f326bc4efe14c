/**
 * "Where is the text the model meant?" — for an Edit whose old_string matches nowhere. Finds the
 * span of the file most similar to the wanted text (same number of lines, Levenshtein similarity)
 * at a bounded cost, whatever the file size:
 *
 * 1. every window of the wanted line count gets a cheap score: how many of the wanted text's
 *    character trigrams its lines contain (linear in the file size);
 * 2. only the best {@link FINALISTS} windows are compared with fastest-levenshtein, each side cut
 *    to {@link MAX_COMPARE_CHARS}; for Edit, whose old_string may be part of a line, a one-line
 *    fragment is compared with same-length slices of the line, so a small typo inside a long line
 *    still scores high. ApplyPatch matches whole lines, so it compares whole lines: a fragment of a
 *    line is not "100% similar" to it.
 */
import { distance } from 'fastest-levenshtein';

export interface ClosestText {
  /** 1-based number of the first line of the closest span. */
  line: number;
  /** The span's lines, as they are in the file. */
  lines: string[];
  /** 0 (nothing alike) … 1 (identical). */
  similarity: number;
}

const FINALISTS = 24;
const MAX_COMPARE_CHARS = 4000;

function trigrams(text: string): Set<string> {
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= text.length; i++) grams.add(text.slice(i, i + 3));
  return grams;
}

function similarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - distance(a, b) / longest;
}

/** Best similarity of `needle` to any same-length slice of a longer `line` (a fragment of it). */
function fragmentSimilarity(needle: string, line: string): number {
  if (line.length <= needle.length) return similarity(needle, line);
  const stride = Math.max(1, Math.floor(needle.length / 8));
  let best = 0;
  for (let start = 0; start + needle.length <= line.length + stride - 1; start += stride) {
    best = Math.max(best, similarity(needle, line.slice(start, start + needle.length)));
    if (best === 1) break;
  }
  return best;
}

export interface ClosestTextOptions {
  /** Score a one-line `wanted` against parts of longer lines (Edit's substrings). @default true */
  fragments?: boolean;
}

/**
 * A similarity as a percentage for messages: rounded down, so only identical text is "100%"
 * (99.6% is not the text that was not found).
 */
export function similarityPercent(similarity: number): string {
  return `${similarity >= 1 ? 100 : Math.min(99, Math.floor(similarity * 100))}%`;
}

/** The span of `text` most similar to `wanted`, or undefined when either is empty. */
export function findClosestText(
  text: string,
  wanted: string,
  options: ClosestTextOptions = {},
): ClosestText | undefined {
  const fragments = options.fragments ?? true;
  if (text === '' || wanted.trim() === '') return undefined;
  const lines = text.split('\n');
  let wantedLines = wanted.split('\n');
  // A trailing newline leaves an empty last element that carries nothing to compare.
  if (wantedLines.length > 1 && wantedLines.at(-1) === '') wantedLines = wantedLines.slice(0, -1);
  const span = Math.min(wantedLines.length, lines.length);
  const needle = wantedLines.join('\n').slice(0, MAX_COMPARE_CHARS);

  // 1. Cheap score: needle trigrams found per line, summed over each window (prefix sums).
  const grams = trigrams(needle);
  const hits = new Float64Array(lines.length + 1);
  for (let j = 0; j < lines.length; j++) {
    const line = lines[j] ?? '';
    let found = 0;
    if (grams.size > 0) {
      const seen = new Set<string>();
      for (let i = 0; i + 3 <= line.length; i++) {
        const gram = line.slice(i, i + 3);
        if (grams.has(gram) && !seen.has(gram)) {
          seen.add(gram);
          found++;
        }
      }
    } else if (line.trim() === needle.trim()) {
      found = 1;
    }
    hits[j + 1] = (hits[j] ?? 0) + found;
  }
  const windows = lines.length - span + 1;
  const order = Array.from({ length: windows }, (_, i) => i);
  const score = (i: number) => (hits[i + span] ?? 0) - (hits[i] ?? 0);
  order.sort((a, b) => score(b) - score(a) || a - b);

  // 2. Levenshtein on the finalists.
  let best: ClosestText | undefined;
  for (const start of order.slice(0, FINALISTS)) {
    const spanLines = lines.slice(start, start + span);
    const candidate = spanLines.join('\n').slice(0, MAX_COMPARE_CHARS);
    const alike =
      fragments && span === 1 && !needle.includes('\n')
        ? fragmentSimilarity(needle, candidate)
        : similarity(needle, candidate);
    if (!best || alike > best.similarity) best = { line: start + 1, lines: spanLines, similarity: alike };
  }
  return best;
}
