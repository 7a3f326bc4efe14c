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
  });
} else {
  describe('SqlDriver: PostgreSQL (pg)', () => {
    it.skip('needs initdb and pg_ctl on PATH (PostgreSQL server binaries)', () => undefined);
  });
}
