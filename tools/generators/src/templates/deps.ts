import type { ServerTemplateContext } from '../template-context.ts';

/** `src/deps.ts`: what every tool receives as `ctx.deps`, built once from the config. */
export function depsSource(ctx: ServerTemplateContext): string {
  return `/**
 * What every tool of the ${ctx.title} server receives as \`ctx.deps\`. The bin (cli.ts) builds it
 * from the config after the command line is parsed; tests build it in src/__fixtures__/test-context.ts.
 * Add your API client here, e.g. \`api: createApi({ baseUrl: config.${ctx.envPrefix}_API_URL, … })\`.
 */
import type { ServerConfig } from './config.ts';

export interface ${ctx.depsType} {
  readonly config: ServerConfig;
}

export function createDeps(config: ServerConfig): ${ctx.depsType} {
  return { config };
}
`;
}
