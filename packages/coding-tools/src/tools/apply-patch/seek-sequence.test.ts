import { describe, expect, it } from '@jest/globals';
import { normalisePunctuation, SearchableLines, seekSequence } from './seek-sequence.ts';

describe('seekSequence passes', () => {
  it('pass 1: exact match', () => {
    expect(seekSequence(['foo', 'bar', 'baz'], ['bar', 'baz'], 0)).toEqual({ index: 1, pass: 'exact' });
  });

  it('pass 2: ignores trailing whitespace', () => {
    expect(seekSequence(['foo   ', 'bar\t\t'], ['foo', 'bar'], 0)).toEqual({ index: 0, pass: 'trim-end' });
  });

  it('pass 3: ignores surrounding whitespace', () => {
    expect(seekSequence(['    foo   ', '\tbar '], ['foo', '  bar'], 0)).toEqual({ index: 0, pass: 'trim' });
  });

  it('pass 4: maps Unicode punctuation look-alikes to ASCII, on either side', () => {
    const file = [
      'const s = \u201Chello\u201D; // it\u2019s',
      'a \u2014 b \u2013 c \u2212 d',
      'x\u00A0=\u202F1',
      '"plain"',
    ];
    expect(seekSequence(file, ['const s = "hello"; // it\'s', 'a - b - c - d', 'x = 1'], 0)).toEqual({
      index: 0,
      pass: 'punctuation',
    });
    expect(seekSequence(file, ['\u201Cplain\u201D'], 0)).toEqual({ index: 3, pass: 'punctuation' });
    expect(normalisePunctuation('  \u2018a\u2019 \u201Eb\u201F \u2010\u2011\u2012\u2015 \u3000z ')).toBe(
      `'a' "b" ----  z`,
    );
  });

  it('prefers the strictest pass over an earlier lenient match', () => {
    // Line 0 matches only ignoring whitespace; line 2 matches exactly: the exact one wins.
    expect(seekSequence(['  target', 'x', 'target'], ['target'], 0)).toEqual({ index: 2, pass: 'exact' });
  });

  it('does not match lines that differ in more than whitespace and punctuation', () => {
    expect(seekSequence(['foo', 'bar'], ['foo', 'baz'], 0)).toBeUndefined();
  });
});

describe('seekSequence positions', () => {
  const file = ['a', 'b', 'a', 'b', 'end'];

  it('searches from `start` on and returns the first match (no uniqueness check)', () => {
    expect(seekSequence(file, ['a', 'b'], 0)?.index).toBe(0);
    expect(seekSequence(file, ['a', 'b'], 1)?.index).toBe(2);
    expect(seekSequence(file, ['a', 'b'], 3)).toBeUndefined();
  });

  it('matches an empty pattern at `start`, and never a pattern longer than the file', () => {
    expect(seekSequence(file, [], 3)).toEqual({ index: 3, pass: 'exact' });
    expect(seekSequence(['only'], ['too', 'many', 'lines'], 0)).toBeUndefined();
    expect(seekSequence([], ['x'], 0)).toBeUndefined();
  });

  it('with eof, tries the end of the file first and then searches from start', () => {
    expect(seekSequence(['x', 'y', 'x', 'y'], ['x', 'y'], 0, { eof: true })?.index).toBe(2);
    expect(seekSequence(['x', 'y', 'tail'], ['x', 'y'], 0, { eof: true })?.index).toBe(0);
  });

  it('skips positions the caller rejects', () => {
    expect(seekSequence(file, ['a'], 0, { accept: (i) => i !== 0 })?.index).toBe(2);
  });

  it('reuses the normalised views of a SearchableLines', () => {
    const lines = new SearchableLines(['  one  ', 'two']);
    expect(lines.view('trim')).toBe(lines.view('trim'));
    expect(lines.view('trim')).toEqual(['one', 'two']);
    expect(seekSequence(lines, ['one'], 0)).toEqual({ index: 0, pass: 'trim' });
  });

  it('stays linear: 100 searches across a 10 000-line file take well under 50 ms', () => {
    const lines = new SearchableLines(
      Array.from({ length: 10_000 }, (_, i) => `    line ${i} = value(${i});`),
    );
    const started = performance.now();
    let position = 0;
    for (let k = 0; k < 100; k++) {
      const target = k * 100 + 50;
      const found = seekSequence(
        lines,
        [`    line ${target} = value(${target});`, `    line ${target + 1} = value(${target + 1});`],
        position,
      );
      expect(found?.index).toBe(target);
      position = target + 2;
    }
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
