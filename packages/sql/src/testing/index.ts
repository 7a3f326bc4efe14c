// Test helpers of @toolsmith/sql (the `@toolsmith/sql/testing` entry). Everything exported here is
// public API. Needs `@toolsmith/testing` (an optional peer dependency).
export {
  postgresAvailable,
  postgresExtensionAvailable,
  startPostgres,
  type PostgresCluster,
} from './postgres-cluster.ts';
export { pgliteTemplate } from '../pglite-template.ts';
