/**
 * The output of a background process, kept in a ring of bounded size: once more than `capacity`
 * bytes were written, the oldest are dropped. Every byte has a position in the whole output (0 for
 * the first byte ever written), so a reader that remembers where it stopped learns both what is new
 * and how many bytes it missed because they were dropped before it read them.
 */

interface Piece {
  /** Position of the piece's first byte in the whole output. */
  start: number;
  text: string;
  bytes: number;
}

/** What was written from a position on: `dropped` bytes lost to the ring, then `text`. */
export interface OutputSince {
  /** Bytes after the asked position that were dropped before they could be read. */
  dropped: number;
  /** Position of the first byte of `text`. */
  start: number;
  text: string;
}

/** The byte index at or after `from` where a UTF-8 character starts (not a continuation byte). */
function charStart(bytes: Buffer, from: number): number {
  let index = from;
  while (index < bytes.length && (bytes[index]! & 0xc0) === 0x80) index++;
  return index;
}

export class OutputRing {
  readonly capacity: number;
  readonly #pieces: Piece[] = [];
  /** Position just after the last byte written: the total written so far. */
  #end = 0;
  /** Bytes held (from the oldest kept byte to `#end`). */
  #held = 0;

  /** @param capacity bytes kept at most; older output is dropped */
  constructor(capacity: number) {
    this.capacity = capacity;
  }

  /** Bytes written since the start, dropped ones included. */
  get end(): number {
    return this.#end;
  }

  /** Position of the oldest byte still held. */
  get oldest(): number {
    return this.#end - this.#held;
  }

  write(text: string): void {
    if (text === '') return;
    const bytes = Buffer.byteLength(text);
    this.#pieces.push({ start: this.#end, text, bytes });
    this.#end += bytes;
    this.#held += bytes;
    this.#trim();
  }

  #trim(): void {
    while (this.#held > this.capacity) {
      const first = this.#pieces[0]!;
      const excess = this.#held - this.capacity;
      if (first.bytes <= excess) {
        this.#pieces.shift();
        this.#held -= first.bytes;
        continue;
      }
      // Keep the end of this piece, cut where a character starts.
      const encoded = Buffer.from(first.text);
      const cut = charStart(encoded, excess);
      first.text = encoded.subarray(cut).toString();
      first.start += cut;
      first.bytes -= cut;
      this.#held -= cut;
    }
  }

  /** The output from position `from` on (what is still held of it). */
  since(from: number): OutputSince {
    const oldest = this.oldest;
    const dropped = Math.max(0, oldest - from);
    let start = Math.max(from, oldest);
    const parts: string[] = [];
    for (const piece of this.#pieces) {
      const pieceEnd = piece.start + piece.bytes;
      if (pieceEnd <= start) continue;
      if (piece.start >= start) parts.push(piece.text);
      else {
        // From inside the piece: from the first whole character at or after `start`.
        const encoded = Buffer.from(piece.text);
        const at = charStart(encoded, start - piece.start);
        parts.push(encoded.subarray(at).toString());
        start = piece.start + at;
      }
    }
    return { dropped, start, text: parts.join('') };
  }
}
