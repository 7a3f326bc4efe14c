import { jsonFile, type ServerTemplateContext } from '../template-context.ts';

/** `apps/<name>/package.json`: a private ESM app whose bin runs the TypeScript source on Node ≥ 24. */
export function appPackageJson(ctx: ServerTemplateContext): string {
  return jsonFile({
    name: ctx.packageName,
    version: '0.1.0',
    private: true,
    description: ctx.description,
    license: 'MIT',
    type: 'module',
    engines: { node: '>=24' },
    bin: { [ctx.binName]: './src/main.ts' },
    scripts: { start: 'node --conditions=@toolsmith/source src/main.ts' },
    dependencies: {
      '@toolsmith/core': ctx.versions.core,
      zod: ctx.versions.zod,
    },
    devDependencies: {
      '@toolsmith/testing': ctx.versions.testing,
    },
    nx: { tags: ['scope:apps', 'type:app'] },
  });
}
