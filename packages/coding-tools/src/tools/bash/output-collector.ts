/**
 * Collects a command's output for the model with bounded memory: small output is kept whole; once
 * it passes the inline limits, everything is streamed to a spill file and only the head and a
 * rolling tail stay in memory. The result shows head + `[… N lines omitted …]` + tail and names the
 * file that holds the full output.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { plural } from '../shared/plural.ts';

export interface OutputLimits {
  headLines: number;
  headChars: number;
  tailLines: number;
  tailChars: number;
}

/** Bash's inline budget: 2000 lines / 40 000 characters in all, a third of it for the head. */
export const DEFAULT_OUTPUT_LIMITS: OutputLimits = {
  headLines: 500,
  headChars: 10_000,
  tailLines: 1500,
  tailChars: 30_000,
};

export interface CollectedOutput {
  /** What to show: the whole output, or head + omission marker + tail. */
  text: string;
  /** True when the output was too long and `text` shows only its head and tail. */
  cut: boolean;
  /** Path of the file with the full output; set when the output was cut (unless saving it failed). */
  spillPath: string | undefined;
  totalChars: number;
  totalLines: number;
  /** Lines shown from the start and from the end (only meaningful when cut). */
  headLines: number;
  tailLines: number;
}

function countNewlines(text: string): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++;
  return count;
}

/** The first `maxLines` lines within `maxChars`, cut at a line end when there is one. */
function cutHead(text: string, maxLines: number, maxChars: number): string {
  let end = 0;
  let lines = 0;
  while (lines < maxLines) {
    const newline = text.indexOf('\n', end);
    if (newline === -1 || newline + 1 > maxChars) break;
    end = newline + 1;
    lines++;
  }
  // A first line longer than the whole budget: show its beginning.
  return end === 0 ? text.slice(0, maxChars) : text.slice(0, end);
}

/** The last `maxLines` lines within `maxChars`, starting at a line start when there is one. */
function cutTail(text: string, maxLines: number, maxChars: number): string {
  let start = text.length;
  let lines = 0;
  // A final newline ends the last line; it does not start an empty one.
  let search = text.endsWith('\n') ? text.length - 2 : text.length - 1;
  while (lines < maxLines && search >= 0) {
    const newline = text.lastIndexOf('\n', search);
    const lineStart = newline + 1;
    if (text.length - lineStart > maxChars) break;
    start = lineStart;
    lines++;
    if (newline === -1) break;
    search = newline - 1;
  }
  return start === text.length ? text.slice(-maxChars) : text.slice(start);
}

export class OutputCollector {
  readonly #limits: OutputLimits;
  readonly #openSpill: () => string;
  /** Everything so far, until the output is cut. */
  #whole = '';
  #head = '';
  /** The end of the output once it is cut; trimmed now and then, never below `tailChars`. */
  #tail = '';
  #spill: WriteStream | undefined;
  #spillPath: string | undefined;
  #spillError: unknown;
  #totalChars = 0;
  #totalNewlines = 0;
  #endsWithNewline = false;

  /** @param openSpill creates the spill file's directory if needed and returns the file's path */
  constructor(openSpill: () => string, limits: OutputLimits = DEFAULT_OUTPUT_LIMITS) {
    this.#limits = limits;
    this.#openSpill = openSpill;
  }

  write(chunk: string): void {
    if (chunk === '') return;
    this.#totalChars += chunk.length;
    this.#totalNewlines += countNewlines(chunk);
    this.#endsWithNewline = chunk.endsWith('\n');
    if (!this.#spill) {
      this.#whole += chunk;
      const { headLines, headChars, tailLines, tailChars } = this.#limits;
      if (this.#totalChars > headChars + tailChars || this.#totalNewlines > headLines + tailLines) {
        this.#startSpill();
      }
      return;
    }
    this.#spill.write(chunk);
    this.#tail += chunk;
    const keep = this.#limits.tailChars;
    if (this.#tail.length > 4 * keep) this.#tail = this.#tail.slice(-2 * keep);
  }

  #startSpill(): void {
    this.#spillPath = this.#openSpill();
    this.#spill = createWriteStream(this.#spillPath);
    this.#spill.on('error', (error) => {
      this.#spillError = error;
    });
    this.#spill.write(this.#whole);
    this.#head = cutHead(this.#whole, this.#limits.headLines, this.#limits.headChars);
    this.#tail = this.#whole;
    this.#whole = '';
  }

  /** Flushes the spill file and returns what to show. */
  async finish(): Promise<CollectedOutput> {
    const totalLines = this.#totalNewlines + (this.#totalChars > 0 && !this.#endsWithNewline ? 1 : 0);
    if (!this.#spill) {
      return {
        text: this.#whole,
        cut: false,
        spillPath: undefined,
        totalChars: this.#totalChars,
        totalLines,
        headLines: totalLines,
        tailLines: 0,
      };
    }
    this.#spill.end();
    try {
      await finished(this.#spill);
    } catch (error) {
      this.#spillError ??= error;
    }
    const head = this.#head;
    const tail = cutTail(this.#tail, this.#limits.tailLines, this.#limits.tailChars);
    const omittedChars = this.#totalChars - head.length - tail.length;
    const tailStartsLine = this.#tail.length === tail.length || this.#tail.at(-tail.length - 1) === '\n';
    const marker =
      head.endsWith('\n') && tailStartsLine
        ? `[… ${plural(this.#totalNewlines - countNewlines(head) - countNewlines(tail), 'line')} omitted …]\n`
        : `\n[… ${plural(omittedChars, 'character')} omitted …]\n`;
    const headLines = countNewlines(head);
    const tailLines = countNewlines(tail) + (tail.endsWith('\n') || tail === '' ? 0 : 1);
    return {
      text: head + marker + tail,
      cut: true,
      spillPath: this.#spillError ? undefined : this.#spillPath,
      totalChars: this.#totalChars,
      totalLines,
      headLines,
      tailLines,
    };
  }
}
