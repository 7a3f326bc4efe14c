import root from '../../eslint.config.js';

// The server's stdout is the wire under stdio, so no console in it; the conformance runner prints its report.
export default [
  ...root,
  { files: ['src/**/*.ts'], ignores: ['**/*.test.ts'], rules: { 'no-console': 'error' } },
  { files: ['src/run-conformance.ts', 'src/runner/**/*.ts'], rules: { 'no-console': 'off' } },
];
