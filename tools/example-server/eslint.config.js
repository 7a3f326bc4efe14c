import root from '../../eslint.config.js';

// A real MCP server: stdout is the wire, so no console in src (the root rule skips tools/).
export default [
  ...root,
  { files: ['src/**/*.ts'], ignores: ['**/*.test.ts', '**/e2e/**'], rules: { 'no-console': 'error' } },
];
