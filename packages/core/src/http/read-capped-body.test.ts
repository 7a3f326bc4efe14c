import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { readCappedBody } from './read-capped-body.ts';

/** A stream of these chunks, counting how many were pulled. */
function streamOf(chunks: Uint8Array[]) {
  let pulled = 0;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const next = chunks[pulled++];
        if (next === undefined) controller.close();
        else controller.enqueue(next);
      },
      cancel() {
        cancelled = true;
      },
    },
    { highWaterMark: 0 },
  ); // pulled only when read: what was pulled is what the reader asked for
  return { stream, pulled: () => pulled, cancelled: () => cancelled };
}

describe('readCappedBody', () => {
  it('returns the whole body within the limit, its start and cut past it, reading no further (generated)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.uint8Array({ minLength: 1, maxLength: 50 }), { maxLength: 12 }),
        fc.integer({ min: 0, max: 400 }),
        async (chunks, limit) => {
          const whole = Buffer.concat(chunks);
          const source = streamOf(chunks);
          const { bytes, cut } = await readCappedBody(source.stream, limit);
          expect(cut).toBe(whole.length > limit);
          expect(Buffer.from(bytes)).toEqual(whole.subarray(0, Math.min(limit, whole.length)));
          if (cut) {
            expect(source.cancelled()).toBe(true);
            // nothing pulled after the chunk that crossed the limit
            let sum = 0;
            const crossing = chunks.findIndex((c) => (sum += c.length) > limit);
            expect(source.pulled()).toBe(crossing + 1);
          }
        },
      ),
      { numRuns: 200, seed: 26 },
    );
  });

  it('reads no body as empty', async () => {
    expect(await readCappedBody(null, 10)).toEqual({ bytes: new Uint8Array(0), cut: false });
  });
});
