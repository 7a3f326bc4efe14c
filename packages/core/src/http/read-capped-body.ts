/**
 * A response body read up to a byte limit, never more held in memory: the rest is not read and the
 * stream is cancelled. `cut` says whether the body went on past the limit — a caller either keeps the
 * start (a page) or refuses the whole (a file that must arrive complete).
 */
export interface CappedBody {
  bytes: Uint8Array;
  /** The body was longer than `limit`: `bytes` is its first `limit` bytes. */
  cut: boolean;
}

export async function readCappedBody(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<CappedBody> {
  if (!body) return { bytes: new Uint8Array(0), cut: false };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { bytes: Buffer.concat(chunks, size), cut: false };
      if (size + value.byteLength > limit) {
        chunks.push(value.subarray(0, limit - size));
        size = limit;
        await reader.cancel().catch(() => undefined);
        return { bytes: Buffer.concat(chunks, size), cut: true };
      }
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    reader.releaseLock();
  }
}
