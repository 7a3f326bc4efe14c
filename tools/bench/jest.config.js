import preset from '../../jest.preset.js';

/**
 * One test: every benchmark in smoke mode (src/benchmarks.test.ts). Each is a process of its own that
 * starts servers and sandboxes, so a test takes seconds, not milliseconds.
 * @type {import('jest').Config}
 */
export default {
  ...preset,
  displayName: '@toolsmith/bench',
  rootDir: import.meta.dirname,
  testTimeout: 180_000,
};
