import { jsonFile, type ServerTemplateContext } from '../template-context.ts';

/**
 * `apps/<name>/package.json`: a private ESM app whose bin runs the TypeScript source on Node ≥ 24,
 * and a `bundle` target that makes the bin to ship (`dist/bundle/<bin>.mjs`, about twice as fast to
 * start: docs/writing-a-server.md, "Start fast").
 */
export function appPackageJson(ctx: ServerTemplateContext): string {
  return jsonFile({
    name: ctx.packageName,
    version: '0.1.0',
    private: true,
    description: ctx.description,
    license: 'MIT',
    type: 'module',
    engines: { node: '>=24' },
    bin: { [ctx.binName]: `./src/bin/${ctx.binName}.ts` },
    scripts: { start: `node --conditions=@toolsmith/source src/bin/${ctx.binName}.ts` },
    dependencies: {
      '@toolsmith/core': ctx.versions.core,
      zod: ctx.versions.zod,
    },
    devDependencies: {
      '@toolsmith/bundle': ctx.versions.bundle,
      '@toolsmith/testing': ctx.versions.testing,
    },
    nx: {
      tags: ['scope:apps', 'type:app'],
      targets: {
        bundle: {
          command: `toolsmith-bundle src/bin/${ctx.binName}.ts --out-dir dist/bundle --file-name ${ctx.binName}.mjs`,
          options: { cwd: '{projectRoot}' },
          inputs: ['production', '^production', { externalDependencies: ['rolldown'] }],
          outputs: ['{projectRoot}/dist/bundle'],
          cache: true,
        },
      },
    },
  });
}
