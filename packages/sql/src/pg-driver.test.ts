import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { describeDriver } from './__fixtures__/driver-suite.ts';
import { openPgDriver } from './pg-driver.ts';
import { postgresAvailable, startPostgres, type PostgresCluster } from './testing/postgres-cluster.ts';

// The machine's PostgreSQL (initdb/pg_ctl on PATH), a throwaway cluster on a free port.
if (postgresAvailable()) {
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
  });
} else {
  describe('SqlDriver: PostgreSQL (pg)', () => {
    it.skip('needs initdb and pg_ctl on PATH (PostgreSQL server binaries)', () => undefined);
  });
}
