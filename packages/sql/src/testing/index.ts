// Test helpers of @toolsmith/sql (the `@toolsmith/sql/testing` entry). Everything exported here is
// public API. Needs `@toolsmith/testing` (an optional peer dependency).
export {
  POSTGRES_MISSING,
  postgresAvailable,
  postgresForTests,
  underCi,
  postgresExtensionAvailable,
  startPostgres,
  type PostgresCluster,
} from './postgres-cluster.ts';
export { pgliteTemplate } from '../pglite-template.ts';
