// Shared jest settings for every project: native ESM, TypeScript through SWC,
// workspace packages resolved to their sources via the `@toolsmith/source` condition.
/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  testEnvironmentOptions: {
    customExportConditions: ['@toolsmith/source', 'node', 'node-addons'],
  },
  extensionsToTreatAsEsm: ['.ts'],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  testMatch: ['<rootDir>/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript' }, target: 'es2024' },
        module: { type: 'es6' },
        sourceMaps: 'inline',
      },
    ],
  },
  snapshotFormat: { escapeString: false, printBasicPrototype: false },
};
