import { describe, expect, it } from '@jest/globals';
import { ValidationError } from '../errors/validation-error.ts';
import { decodeCursor, encodeCursor, requestFingerprint } from './cursor.ts';
import { chooseView, listAfter, listLocal, listPages } from './list-result.ts';

const numbers = Array.from({ length: 7 }, (_, i) => ({ id: `n${i + 1}`, value: i + 1 }));

describe('cursors', () => {
  it('ignore cursor and fields in the fingerprint, and the order of params', () => {
    expect(requestFingerprint('t', { a: 1, b: 2, cursor: 'x', fields: ['id'] })).toBe(
      requestFingerprint('t', { b: 2, a: 1 }),
    );
    expect(requestFingerprint('t', { a: 1 })).not.toBe(requestFingerprint('t', { a: 2 }));
    expect(requestFingerprint('t', { a: 1 })).not.toBe(requestFingerprint('u', { a: 1 }));
  });

  it('round-trip a position, and refuse foreign or forged cursors saying what to send', () => {
    const f = requestFingerprint('t', { q: 'x' });
    expect(decodeCursor(encodeCursor(f, { page: 3 }), f, { page: 1 })).toEqual({ page: 3 });
    expect(decodeCursor(encodeCursor(f, { after: 'n4' }), f, { after: '' })).toEqual({ after: 'n4' });
    expect(decodeCursor(undefined, f, { page: 1 })).toEqual({ page: 1 });
    const other = requestFingerprint('t', { q: 'y' });
    expect(() => decodeCursor(encodeCursor(other, { page: 2 }), f, { page: 1 })).toThrow(
      /belongs to a request with different parameters/,
    );
    expect(() => decodeCursor('not-a-cursor', f, { page: 1 })).toThrow(ValidationError);
    expect(() => decodeCursor('not-a-cursor', f, { page: 1 })).toThrow(/not a cursor this server issued/);
  });
});

describe('list results', () => {
  it('page style: nextCursor only while the API says there is more', async () => {
    const pages: number[] = [];
    const fetchPage = async (page: number, perPage: number) => {
      pages.push(page);
      const items = numbers.slice((page - 1) * perPage, page * perPage);
      return { items, total: numbers.length, hasMore: page * perPage < numbers.length };
    };
    const first = await listPages('t', { perPage: 3, q: 'a' }, fetchPage, (n) => n.value);
    expect(first).toMatchObject({ items: [1, 2, 3], total: 7, nextCursor: expect.any(String) });
    const second = await listPages(
      't',
      { perPage: 3, q: 'a', cursor: first.nextCursor },
      fetchPage,
      (n) => n.value,
    );
    const third = await listPages(
      't',
      { perPage: 3, q: 'a', cursor: second.nextCursor },
      fetchPage,
      (n) => n.value,
    );
    expect(third).toEqual({ items: [7], total: 7 });
    expect(pages).toEqual([1, 2, 3]);
    await expect(
      listPages('t', { perPage: 3, q: 'b', cursor: first.nextCursor }, fetchPage, (n) => n.value),
    ).rejects.toThrow(/different parameters/);
  });

  it('cursor style: continues after the last id seen', async () => {
    const seen: (string | undefined)[] = [];
    const fetchPage = async (after: string | undefined, perPage: number) => {
      seen.push(after);
      const start = after ? numbers.findIndex((n) => n.id === after) + 1 : 0;
      return { items: numbers.slice(start, start + perPage), hasMore: start + perPage < numbers.length };
    };
    const first = await listAfter(
      't',
      { perPage: 4 },
      fetchPage,
      (n) => n.id,
      (n) => n.id,
    );
    const second = await listAfter(
      't',
      { perPage: 4, cursor: first.nextCursor },
      fetchPage,
      (n) => n.id,
      (n) => n.id,
    );
    expect(first.items).toEqual(['n1', 'n2', 'n3', 'n4']);
    expect(second).toEqual({ items: ['n5', 'n6', 'n7'] });
    expect(seen).toEqual([undefined, 'n4']);
  });

  it('local paging of a whole list, and the raw item when fields are projected', () => {
    const first = listLocal('t', { perPage: 5 }, numbers, (n) => n.value);
    expect(first).toMatchObject({ items: [1, 2, 3, 4, 5], total: 7 });
    expect(listLocal('t', { perPage: 5, cursor: first.nextCursor }, numbers, (n) => n.value)).toEqual({
      items: [6, 7],
      total: 7,
    });
    const compact = (n: { value: number }) => n.value;
    expect(chooseView({}, compact)).toBe(compact);
    expect(chooseView({ fields: ['id'] }, compact)(numbers[0]!)).toBe(numbers[0]);
  });
});
