import { describe, expect, it } from '@jest/globals';
import { OutputRing } from './output-ring.ts';

describe('OutputRing', () => {
  it('gives what was written since a position, and counts what was dropped before it', () => {
    const ring = new OutputRing(10);
    ring.write('abcdef');
    expect(ring.since(0)).toEqual({ dropped: 0, start: 0, text: 'abcdef' });
    expect(ring.since(4)).toEqual({ dropped: 0, start: 4, text: 'ef' });
    ring.write('ghijklmn');
    expect(ring.end).toBe(14);
    expect(ring.oldest).toBe(4);
    expect(ring.since(0)).toEqual({ dropped: 4, start: 4, text: 'efghijklmn' });
    expect(ring.since(6)).toEqual({ dropped: 0, start: 6, text: 'ghijklmn' });
    expect(ring.since(14)).toEqual({ dropped: 0, start: 14, text: '' });
  });

  it('counts bytes and never cuts a character in two', () => {
    const ring = new OutputRing(5);
    ring.write('ééé'); // 6 bytes
    // One byte too many: the first é goes whole.
    expect(ring.since(0)).toEqual({ dropped: 2, start: 2, text: 'éé' });
    // From inside the second é: the text starts at the next whole character.
    expect(ring.since(3)).toEqual({ dropped: 0, start: 4, text: 'é' });
  });

  it('keeps memory bounded under a long stream of writes', () => {
    const ring = new OutputRing(1000);
    for (let i = 0; i < 10_000; i++) ring.write(`line ${i}\n`);
    const { dropped, text } = ring.since(0);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(1000);
    expect(dropped + Buffer.byteLength(text)).toBe(ring.end);
    expect(text.endsWith('line 9999\n')).toBe(true);
  });
});
