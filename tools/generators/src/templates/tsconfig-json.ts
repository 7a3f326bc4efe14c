import { jsonFile } from '../template-context.ts';

/** `tsconfig.json`: the solution file the `typecheck` target builds (lib + spec). */
export function tsconfigJson(): string {
  return jsonFile({
    extends: '../../tsconfig.base.json',
    files: [],
    include: [],
    references: [{ path: './tsconfig.lib.json' }, { path: './tsconfig.spec.json' }],
  });
}
