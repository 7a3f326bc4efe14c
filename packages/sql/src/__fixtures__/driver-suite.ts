/**
 * One suite for every SqlDriver: the same statements, transactions and migrations must behave the
 * same on embedded PGlite and on PostgreSQL through `pg`.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { migrate, type Migration } from '../migrate.ts';
import type { SqlDriver } from '../sql-driver.ts';

export interface DriverFixture {
  /** A driver on a new, empty database. */
  open(): Promise<SqlDriver>;
  /** A second driver on the same database as `driver` (pg: another pool), or undefined when the kind cannot share one. */
  openAnother?(driver: SqlDriver): Promise<SqlDriver>;
}

const notes: Migration[] = [
  { version: 1, name: 'notes', up: ['CREATE TABLE notes (id integer PRIMARY KEY, body text NOT NULL)'] },
  {
    version: 2,
    name: 'notes have tags',
    up: async (tx) => {
      const [row] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM notes');
      await tx.query(
        'ALTER TABLE notes ADD COLUMN tags text[] NOT NULL DEFAULT $$' + `{${row?.n ?? 0}}` + '$$',
      );
    },
  },
];

export function describeDriver(name: string, fixture: DriverFixture): void {
  describe(`SqlDriver: ${name}`, () => {
    const opened: SqlDriver[] = [];
    const open = async () => {
      const driver = await fixture.open();
      opened.push(driver);
      return driver;
    };
    afterAll(async () => {
      for (const driver of opened) await driver.close().catch(() => undefined);
    });

    it('runs statements with parameters and returns rows', async () => {
      const db = await open();
      await db.query('CREATE TABLE kv (k text PRIMARY KEY, v jsonb)');
      await db.query('INSERT INTO kv VALUES ($1, $2), ($3, $4)', ['a', { n: 1 }, 'b', null]);
      const rows = await db.query<{ k: string; v: unknown }>('SELECT k, v FROM kv ORDER BY k');
      expect(rows).toEqual([
        { k: 'a', v: { n: 1 } },
        { k: 'b', v: null },
      ]);
    });

    it('commits a transaction that resolves and rolls back one that throws', async () => {
      const db = await open();
      await db.query('CREATE TABLE t (x integer)');
      await db.transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES (1)');
      });
      await expect(
        db.transaction(async (tx) => {
          await tx.query('INSERT INTO t VALUES (2)');
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect(await db.query('SELECT x FROM t')).toEqual([{ x: 1 }]);
    });

    it('applies migrations once, in order, and records them per component', async () => {
      const db = await open();
      const first = await migrate(db, { component: 'notes', migrations: notes.slice(0, 1) });
      expect(first).toEqual({ version: 1, applied: [1] });
      await db.query("INSERT INTO notes VALUES (1, 'kept')");
      expect(await migrate(db, { component: 'notes', migrations: notes })).toEqual({
        version: 2,
        applied: [2],
      });
      expect(await migrate(db, { component: 'notes', migrations: notes })).toEqual({
        version: 2,
        applied: [],
      });
      expect(await db.query('SELECT body, tags FROM notes')).toEqual([{ body: 'kept', tags: ['1'] }]);
      await migrate(db, {
        component: 'other',
        migrations: [{ version: 1, name: 'other', up: ['CREATE TABLE other (x int)'] }],
      });
      const recorded = await db.query(
        'SELECT component, version, name FROM schema_migrations ORDER BY component, version',
      );
      expect(recorded).toEqual([
        { component: 'notes', version: 1, name: 'notes' },
        { component: 'notes', version: 2, name: 'notes have tags' },
        { component: 'other', version: 1, name: 'other' },
      ]);
    });

    it('rolls a failing migration back whole and says which', async () => {
      const db = await open();
      const broken: Migration = {
        version: 1,
        name: 'broken',
        up: ['CREATE TABLE half (x int)', 'SELECT no_such_column FROM half'],
      };
      await expect(migrate(db, { component: 'broken', migrations: [broken] })).rejects.toThrow(
        /no_such_column/,
      );
      expect(await db.query("SELECT to_regclass('half') IS NULL AS gone")).toEqual([{ gone: true }]);
    });

    it('refuses a database newer than the code, naming both versions', async () => {
      const db = await open();
      await migrate(db, { component: 'notes', migrations: notes });
      await expect(
        migrate(db, { component: 'notes', migrations: notes.slice(0, 1), newerHint: 'Run the newer tool.' }),
      ).rejects.toThrow(
        'The database holds notes schema version 2, newer than this code knows (1). Run the newer tool.',
      );
    });

    it('refuses duplicate and non-positive versions before touching the database', async () => {
      const db = await open();
      await expect(migrate(db, { component: 'x', migrations: [notes[0]!, notes[0]!] })).rejects.toThrow(
        'x has two migrations with version 1; give each its own number.',
      );
      await expect(
        migrate(db, { component: 'x', migrations: [{ ...notes[0]!, version: 0 }] }),
      ).rejects.toThrow('versions are integers from 1');
    });

    it('adopts the versions a component kept in its own table, then drops that table', async () => {
      const db = await open();
      await db.query(
        'CREATE TABLE notes_schema (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      await db.query('CREATE TABLE notes (id integer PRIMARY KEY, body text NOT NULL)');
      await db.query("INSERT INTO notes_schema (version, name) VALUES (1, 'notes')");
      await db.query("INSERT INTO notes VALUES (7, 'from the old release')");
      expect(
        await migrate(db, { component: 'notes', migrations: notes, legacyTable: 'notes_schema' }),
      ).toEqual({ version: 2, applied: [2] });
      expect(await db.query("SELECT to_regclass('notes_schema') IS NULL AS gone")).toEqual([{ gone: true }]);
      expect(await db.query('SELECT body, tags FROM notes')).toEqual([
        { body: 'from the old release', tags: ['1'] },
      ]);
      // Later opens find nothing to adopt and nothing to apply.
      expect(
        await migrate(db, { component: 'notes', migrations: notes, legacyTable: 'notes_schema' }),
      ).toEqual({ version: 2, applied: [] });
    });

    it('migrates once when two openers race', async () => {
      const db = await open();
      const other = fixture.openAnother ? await fixture.openAnother(db) : db;
      if (other !== db) opened.push(other);
      const results = await Promise.all([
        migrate(db, { component: 'notes', migrations: notes }),
        migrate(other, { component: 'notes', migrations: notes }),
      ]);
      expect(results.map((r) => r.applied).sort()).toEqual([[], [1, 2]]);
    });
  });
}
