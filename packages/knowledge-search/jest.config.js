import preset from '../../jest.preset.js';

/**
 * The PostgreSQL suite starts a throwaway cluster (initdb + pg_ctl) in its hooks: under CI, where
 * every project's tests run at once on two cores, that takes longer than the default 5 s.
 * @type {import('jest').Config}
 */
export default {
  ...preset,
  displayName: '@toolsmith/knowledge-search',
  rootDir: import.meta.dirname,
  testTimeout: 30_000,
};
