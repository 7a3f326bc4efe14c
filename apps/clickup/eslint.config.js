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
          // A server imports parts of a workspace package on demand (start-up cost: oidc-provider,
          // PGlite) and the rest statically; Nx would call the package lazy-loaded and refuse both.
          checkDynamicDependenciesExceptions: ['@toolsmith/**'],
          allow: ['@toolsmith/clickup-emulator', '@toolsmith/bundle'],
          depConstraints: [{ sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] }],
        },
      ],
    },
  },
];
