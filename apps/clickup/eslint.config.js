import root from '../../eslint.config.js';

// Tests drive the server against the ClickUp API emulator and build the bin with the workspace's
// bundler, both private tool projects: allowed in tests only.
export default [
  ...root,
  {
    files: ['**/*.test.ts', '**/__fixtures__/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: ['@toolsmith/clickup-emulator', '@toolsmith/bundle'],
          depConstraints: [{ sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] }],
        },
      ],
    },
  },
];
