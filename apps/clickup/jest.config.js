import preset from '../../jest.preset.js';

/**
 * Hooks and tests spawn servers and the knowledge sandbox: under CI, where every project's tests run
 * at once on two cores, a spawn alone can take several seconds, so the default 5 s is not enough.
 * @type {import('jest').Config}
 */
export default {
  ...preset,
  displayName: '@toolsmith/clickup-mcp',
  rootDir: import.meta.dirname,
  testTimeout: 30_000,
};
