import root from '../../eslint.config.js';

// Tests drive the server against the Tracker API emulator, a private tool project: allowed in tests only.
export default [
  ...root,
  // scripts/ run under plain Node.
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', URL: 'readonly', performance: 'readonly' } },
  },
  {
    files: ['**/*.test.ts', '**/__fixtures__/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: ['@toolsmith/yandex-tracker-emulator'],
          depConstraints: [{ sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] }],
        },
      ],
    },
  },
];
