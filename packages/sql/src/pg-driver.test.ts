import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { describeDriver } from './__fixtures__/driver-suite.ts';
import { freePort } from '@toolsmith/testing';
import { isConnectionError } from './connection-errors.ts';
import { openPgDriver } from './pg-driver.ts';
import {
  POSTGRES_MISSING,
  postgresForTests,
  startPostgres,
  type PostgresCluster,
} from './testing/postgres-cluster.ts';

const CHILD = path.join(import.meta.dirname, '__fixtures__', 'pg-settings-child.ts');

// The machine's PostgreSQL (initdb/pg_ctl on PATH), a throwaway cluster on a free port.
if (postgresForTests()) {
  let cluster: PostgresCluster;
  const urls = new Map<object, string>();
  beforeAll(async () => {
    cluster = await startPostgres();
  }, 60_000);
  afterAll(() => cluster?.stop());

  describeDriver('PostgreSQL (pg)', {
    open: async () => {
      const url = await cluster.createDatabase();
      const driver = await openPgDriver(url);
      urls.set(driver, url);
      return driver;
    },
    openAnother: (driver) => openPgDriver(urls.get(driver)!),
  });

  describe('openPgDriver', () => {
    it('fails at open with the server message when the database does not exist', async () => {
      const url = cluster.url.replace(/\/postgres$/, '/no_such_database');
      await expect(openPgDriver(url)).rejects.toThrow('database "no_such_database" does not exist');
    });

    it('gives every connection of the pool its settings', async () => {
      const driver = await openPgDriver(await cluster.createDatabase(), {
        max: 2,
        settings: { application_name: 'toolsmith-test', 'pg_trgm.word_similarity_threshold': 0.65 },
      });
      try {
        // two connections at once: the pool's first and a second one for the transaction
        const [inside, outside] = await driver.transaction(async (tx) =>
          Promise.all([
            tx.query<{ a: string; t: string }>(
              "SELECT current_setting('application_name') AS a, current_setting('pg_trgm.word_similarity_threshold') AS t",
            ),
            driver.query<{ a: string; t: string }>(
              "SELECT current_setting('application_name') AS a, current_setting('pg_trgm.word_similarity_threshold') AS t",
            ),
          ]),
        );
        expect(inside).toEqual([{ a: 'toolsmith-test', t: '0.65' }]);
        expect(outside).toEqual([{ a: 'toolsmith-test', t: '0.65' }]);
      } finally {
        await driver.close();
      }
    });

    it('awaits every setting before the first query: nothing is queued behind them (pg 9 refuses that)', async () => {
      const url = await cluster.createDatabase();
      const { NODE_OPTIONS: _omit, ...env } = process.env;
      const child = spawnSync(process.execPath, [CHILD, url], { env, encoding: 'utf8', timeout: 30_000 });
      expect(child.stderr).not.toMatch(/Warning/);
      expect(child.status).toBe(0);
      expect(JSON.parse(child.stdout)).toEqual(Array(6).fill('toolsmith-child 0.7'));
    });

    it('fails at open, naming the setting, when the server refuses one', async () => {
      const url = await cluster.createDatabase();
      await expect(openPgDriver(url, { settings: { statement_timeout: 'soon' } })).rejects.toThrow(
        /^PostgreSQL refused the connection setting statement_timeout = soon: invalid value for parameter "statement_timeout": "soon"/,
      );
    });

    it('fails the query that needed a new connection whose setting is refused, and keeps the pool', async () => {
      const url = await cluster.createDatabase();
      const admin = await openPgDriver(url, { max: 1 });
      await admin.query('CREATE TEXT SEARCH CONFIGURATION toolsmith_words (COPY = english)');
      const driver = await openPgDriver(url, {
        max: 2,
        settings: { default_text_search_config: 'toolsmith_words' },
      });
      try {
        await admin.query('DROP TEXT SEARCH CONFIGURATION toolsmith_words');
        // the pool's first connection is busy in the transaction: the query needs a second one
        const [, refused] = await driver.transaction(async (tx) =>
          Promise.all([
            tx.query('SELECT 1'),
            driver.query('SELECT 1').then(
              () => undefined,
              (error: unknown) => error as Error,
            ),
          ]),
        );
        expect(refused?.message).toMatch(
          /^PostgreSQL refused the connection setting default_text_search_config = toolsmith_words: invalid value for parameter "default_text_search_config"/,
        );
        expect(await driver.query('SELECT current_user AS u')).toEqual([{ u: 'postgres' }]);
      } finally {
        await driver.close();
        await admin.close();
      }
    });

    it('tells a server that cannot be reached or used from a failing statement (isConnectionError), and survives a connection ended in a transaction', async () => {
      const closed = `postgres://postgres@127.0.0.1:${await freePort()}/postgres`;
      const unreachable = await openPgDriver(closed).catch((error: unknown) => error);
      expect(unreachable).toMatchObject({ code: 'ECONNREFUSED' });
      expect(isConnectionError(unreachable)).toBe(true);
      const noDatabase = await openPgDriver(cluster.url.replace(/\/postgres$/, '/nowhere')).catch(
        (error: unknown) => error,
      );
      expect(isConnectionError(noDatabase)).toBe(true);

      const driver = await openPgDriver(await cluster.createDatabase());
      try {
        const syntax = await driver.query('SELEC 1').catch((error: unknown) => error);
        expect(syntax).toMatchObject({ code: '42601' });
        expect(isConnectionError(syntax)).toBe(false);
        // the server ends this connection: the statement fails as a connection failure
        const killed = await driver
          .transaction(async (tx) => {
            await tx.query('SELECT pg_terminate_backend(pg_backend_pid())');
          })
          .catch((error: unknown) => error);
        expect(isConnectionError(killed)).toBe(true);
        // …without an unhandled 'error' event ending the process, and the pool goes on
        expect(await driver.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
      } finally {
        await driver.close();
      }
      expect(isConnectionError(new Error('duplicate key'))).toBe(false);
      expect(isConnectionError(undefined)).toBe(false);
    });
  });
} else {
  describe('SqlDriver: PostgreSQL (pg)', () => {
    it.skip(POSTGRES_MISSING, () => undefined);
  });
}
