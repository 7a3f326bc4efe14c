import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { describeEventStore } from './__fixtures__/event-store-suite.ts';
import type { PostgresCluster } from '@toolsmith/sql/testing';

// Loaded like the store loads @toolsmith/sql: on demand (the lint rule keeps one way of loading it).
const { POSTGRES_MISSING, postgresForTests, startPostgres } = await import('@toolsmith/sql/testing');

// The machine's PostgreSQL (initdb/pg_ctl on PATH), a throwaway cluster on a free port.
if (postgresForTests()) {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await startPostgres();
  }, 60_000);
  afterAll(() => cluster?.stop());

  describeEventStore('PostgreSQL (DATABASE_URL)', () => ({
    replicas: true,
    newLocation: async () => ({ databaseUrl: await cluster.createDatabase() }),
  }));
} else {
  describe('WebhookEventStore: PostgreSQL (DATABASE_URL)', () => {
    it.skip(POSTGRES_MISSING, () => undefined);
  });
}
