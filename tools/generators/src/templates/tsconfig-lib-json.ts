import { jsonFile } from '../template-context.ts';

/**
 * `tsconfig.lib.json`: the shipped sources. References are the ones `npx nx sync` derives from the
 * package's workspace dependencies, so a fresh sync changes nothing.
 */
export function tsconfigLibJson(): string {
  return jsonFile({
    extends: '../../tsconfig.base.json',
    compilerOptions: {
      rootDir: 'src',
      outDir: 'dist',
      tsBuildInfoFile: 'dist/tsconfig.lib.tsbuildinfo',
    },
    include: ['src/**/*.ts'],
    exclude: ['src/**/*.test.ts', 'src/**/__fixtures__/**'],
    references: [
      { path: '../../packages/testing/tsconfig.lib.json' },
      { path: '../../packages/core/tsconfig.lib.json' },
    ],
  });
}
