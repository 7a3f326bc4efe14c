import root from '../eslint.config.js';

/**
 * The lint config of a server app (apps/*): the workspace's, and in tests the two private tool
 * projects they may use — the app's API emulator (tests drive the server against it) and the
 * workspace's bundler (tests build the bin).
 * @param {string} emulator the emulator's package name, e.g. `@toolsmith/clickup-emulator`
 */
export function serverAppConfig(emulator) {
  return [
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
            allow: [emulator, '@toolsmith/bundle'],
            depConstraints: [{ sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] }],
          },
        ],
      },
    },
  ];
}
