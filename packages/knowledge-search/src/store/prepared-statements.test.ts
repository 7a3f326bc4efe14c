import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openPgliteDriver, type SqlDriver } from '@toolsmith/sql';
import { preparedRunner, sqlLiteral } from './prepared-statements.ts';

describe('sqlLiteral', () => {
  it('writes values as SQL literals', () => {
    expect(sqlLiteral(null)).toBe('NULL');
    expect(sqlLiteral(undefined)).toBe('NULL');
    expect(sqlLiteral(50)).toBe('50');
    expect(sqlLiteral(-0.25)).toBe('-0.25');
    expect(sqlLiteral(true)).toBe('TRUE');
    expect(sqlLiteral("it's")).toBe(`'it''s'`);
    expect(sqlLiteral(String.raw`a\'b`)).toBe(String.raw` E'a\\''b'`);
    expect(sqlLiteral(['doc', "o'k"])).toBe(`ARRAY['doc', 'o''k']`);
    expect(sqlLiteral([])).toBe(`'{}'`);
  });

  it('refuses what has no literal', () => {
    expect(() => sqlLiteral(Number.NaN)).toThrow('NaN cannot be written as a SQL literal.');
    expect(() => sqlLiteral('a\u0000b')).toThrow('PostgreSQL text cannot hold a NUL character');
    expect(() => sqlLiteral({ a: 1 })).toThrow('A object cannot be written as a SQL literal');
  });
});

describe('preparedRunner on PGlite', () => {
  let driver: SqlDriver;
  beforeAll(async () => {
    driver = await openPgliteDriver({ memory: true });
  }, 60_000);
  afterAll(async () => {
    await driver.close();
  });

  it('returns what the parameters would, for any text', async () => {
    const run = preparedRunner(driver, 'probe');
    const sql =
      'SELECT $1::text AS text, $2::int + 1 AS next, $3::text[] AS list, $4::text IS NULL AS missing';
    for (const text of ["'); DROP TABLE x; --", String.raw`\' E'\x27' \\`, 'кириллица $$ $1', '']) {
      expect(await run(sql, [text, 41, ['a', "b'c"], null])).toEqual([
        { text, next: 42, list: ['a', "b'c"], missing: true },
      ]);
    }
  });

  it('prepares each statement once, also when first called concurrently', async () => {
    const run = preparedRunner(driver, 'once');
    const sql = 'SELECT $1::int * 2 AS doubled';
    const results = await Promise.all([1, 2, 3].map((n) => run<{ doubled: number }>(sql, [n])));
    expect(results.map((rows) => rows[0]!.doubled)).toEqual([2, 4, 6]);
    const statements = await driver.query<{ name: string }>(
      "SELECT name FROM pg_prepared_statements WHERE name LIKE 'once_%'",
    );
    expect(statements).toEqual([{ name: 'once_1' }]);
  });

  it('forgets a statement that failed to prepare, so a fixed table is found later', async () => {
    const run = preparedRunner(driver, 'later');
    const sql = 'SELECT count(*)::int AS n FROM prepared_probe WHERE $1::int > 0';
    await expect(run(sql, [1])).rejects.toThrow('relation "prepared_probe" does not exist');
    await driver.query('CREATE TABLE prepared_probe (id int)');
    expect(await run(sql, [1])).toEqual([{ n: 0 }]);
  });
});
