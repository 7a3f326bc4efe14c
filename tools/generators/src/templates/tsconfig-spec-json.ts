import { jsonFile } from '../template-context.ts';

/** `tsconfig.spec.json`: tests and `__fixtures__`, type-checked against the lib build. */
export function tsconfigSpecJson(): string {
  return jsonFile({
    extends: '../../tsconfig.base.json',
    compilerOptions: {
      outDir: 'out-tsc/spec',
      tsBuildInfoFile: 'out-tsc/spec/tsconfig.spec.tsbuildinfo',
      noEmit: false,
      emitDeclarationOnly: true,
      rewriteRelativeImportExtensions: false,
    },
    include: ['src/**/*.test.ts', 'src/**/__fixtures__/**/*.ts'],
    references: [{ path: './tsconfig.lib.json' }],
  });
}
