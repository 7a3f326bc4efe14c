/**
 * Lines as the file tools show them: `<line number><tab><text>`, the number right-aligned to the
 * widest number in the block (the `cat -n` shape models know). Read, Edit and MultiEdit use the same
 * shape so a model can copy text from one into the other — without the prefix.
 */

/** Numbers `lines`, the first one being line `firstLine` (1-based). */
export function numberLines(lines: readonly string[], firstLine: number): string {
  const width = String(firstLine + Math.max(0, lines.length - 1)).length;
  return lines.map((line, index) => `${String(firstLine + index).padStart(width)}\t${line}`).join('\n');
}

/** The 1-based lines on which the characters at `indices` (ascending) of `text` sit; one pass. */
export function linesAt(text: string, indices: readonly number[]): number[] {
  const lines: number[] = [];
  let line = 1;
  let newline = text.indexOf('\n');
  for (const index of indices) {
    while (newline !== -1 && newline < index) {
      line++;
      newline = text.indexOf('\n', newline + 1);
    }
    lines.push(line);
  }
  return lines;
}

/** How many lines `text` has (a final newline ends the last line; it does not start a new one). */
export function countLines(text: string): number {
  if (text === '') return 0;
  let count = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  return text.endsWith('\n') ? count - 1 : count;
}

/** "3, 18, 40" — at most `max` numbers, then "…". */
export function listLineNumbers(lines: readonly number[], max = 10): string {
  const shown = lines.slice(0, max).join(', ');
  return lines.length > max ? `${shown}, …` : shown;
}
