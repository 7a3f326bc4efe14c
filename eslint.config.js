// Flat ESLint config for the whole workspace. Conventions live here, not only in prose:
// - `no-console` is an error in shipped source: on stdio, stdout is the MCP wire.
// - Nx module boundaries: packages never import apps or tools.
// - No import circles: no cycle rule is installed, so tools/workspace-checks/src/import-graph.test.ts
//   reads every project's import graph with the TypeScript compiler and fails listing each circle.
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/out-tsc/**',
      '**/node_modules/**',
      '**/coverage/**',
      '**/.nx/**',
      '**/tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { plugins: { '@nx': nx } },
  {
    files: ['**/*.ts', '**/*.js'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        AbortController: 'readonly',
        AbortSignal: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        Buffer: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/src/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          // A server imports parts of a workspace package on demand (start-up cost: oidc-provider,
          // PGlite) and the rest statically; Nx would call the package lazy-loaded and refuse both.
          checkDynamicDependenciesExceptions: ['@toolsmith/**'],
          allow: [],
          depConstraints: [
            { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:lib', 'type:app', 'type:tool'] },
          ],
        },
      ],
    },
  },
  {
    // Shipped source must not write to stdout (the MCP wire on stdio). ESLint resolves these
    // patterns against the directory of the config it loads — the root, or a project folder whose
    // eslint.config.js re-exports this one — so they are written to match from both. Projects
    // under tools/ (demo, bench, generators) print on purpose and switch the rule off in their
    // own config.
    files: ['**/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/__fixtures__/**', '**/bin/**', 'tools/**'],
    rules: {
      'no-console': 'error',
    },
  },
  prettier,
);
