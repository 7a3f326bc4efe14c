import { tsString, type ServerTemplateContext } from '../template-context.ts';

/** `jest.config.js`: the workspace preset (ESM, SWC, `@toolsmith/source` condition). */
export function jestConfig(ctx: ServerTemplateContext): string {
  return `import preset from '../../jest.preset.js';

/** @type {import('jest').Config} */
export default { ...preset, displayName: ${tsString(ctx.packageName)}, rootDir: import.meta.dirname };
`;
}
