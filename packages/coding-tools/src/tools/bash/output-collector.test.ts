import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OutputCollector, type OutputLimits } from './output-collector.ts';

const SMALL: OutputLimits = { headLines: 2, headChars: 100, tailLines: 3, tailChars: 100 };

let dir: string;
let spills: number;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'collector-'));
  spills = 0;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function collector(limits = SMALL): OutputCollector {
  return new OutputCollector(() => {
    spills++;
    return path.join(dir, `spill-${spills}.log`);
  }, limits);
}

function lines(from: number, to: number): string {
  let text = '';
  for (let i = from; i <= to; i++) text += `line ${i}\n`;
  return text;
}

describe('OutputCollector', () => {
  it('keeps output within the limits whole and creates no spill file', async () => {
    const c = collector();
    c.write(lines(1, 3));
    c.write(lines(4, 5));
    const out = await c.finish();
    expect(out).toEqual({
      text: lines(1, 5),
      cut: false,
      spillPath: undefined,
      totalChars: lines(1, 5).length,
      totalLines: 5,
      headLines: 5,
      tailLines: 0,
    });
    expect(spills).toBe(0);
  });

  it('cuts at line boundaries and counts the omitted lines, across chunk borders', async () => {
    const c = collector();
    const all = lines(1, 40);
    // Chunks that split lines in the middle.
    for (let i = 0; i < all.length; i += 7) c.write(all.slice(i, i + 7));
    const out = await c.finish();
    expect(out.text).toBe(`${lines(1, 2)}[… 35 lines omitted …]\n${lines(38, 40)}`);
    expect(out).toMatchObject({ cut: true, totalLines: 40, headLines: 2, tailLines: 3 });
    expect(readFileSync(out.spillPath!, 'utf8')).toBe(all);
    expect(spills).toBe(1);
  });

  it('says "1 line" for a single omitted line and handles a last line without newline', async () => {
    const one = collector();
    one.write(lines(1, 6));
    expect((await one.finish()).text).toBe(`${lines(1, 2)}[… 1 line omitted …]\n${lines(4, 6)}`);
    const c = collector();
    c.write(`${lines(1, 6)}last`);
    const out = await c.finish();
    expect(out.text).toBe(`${lines(1, 2)}[… 2 lines omitted …]\n${lines(5, 6)}last`);
    expect(out).toMatchObject({ totalLines: 7, tailLines: 3 });
  });

  it('falls back to characters when single lines exceed the budget', async () => {
    const c = collector({ headLines: 10, headChars: 10, tailLines: 10, tailChars: 10 });
    c.write('a'.repeat(50));
    const out = await c.finish();
    expect(out.text).toBe(`${'a'.repeat(10)}\n[… 30 characters omitted …]\n${'a'.repeat(10)}`);
    expect(readFileSync(out.spillPath!, 'utf8')).toBe('a'.repeat(50));
  });

  it('keeps memory bounded: the rolling tail is trimmed while the spill file gets everything', async () => {
    const c = collector();
    const all = lines(1, 20_000);
    for (let i = 0; i < all.length; i += 1000) c.write(all.slice(i, i + 1000));
    const out = await c.finish();
    expect(out.text).toBe(`${lines(1, 2)}[… 19995 lines omitted …]\n${lines(19_998, 20_000)}`);
    expect(readFileSync(out.spillPath!, 'utf8')).toBe(all);
  });
});
