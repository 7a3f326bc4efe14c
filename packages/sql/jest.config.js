import preset from '../../jest.preset.js';

/**
 * The PostgreSQL tests start a throwaway cluster (initdb + pg_ctl) in their hooks: under CI, where
 * every project's tests run at once on two cores, that takes longer than the default 5 s.
 * @type {import('jest').Config}
 */
export default {
  ...preset,
  displayName: '@toolsmith/sql',
  rootDir: import.meta.dirname,
  testTimeout: 30_000,
};
