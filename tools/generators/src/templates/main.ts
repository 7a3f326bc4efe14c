import type { ServerTemplateContext } from '../template-context.ts';

/** `src/bin/<bin>.ts`: the bin. Parses the shared serve command line, then reads config and serves. */
export function mainSource(ctx: ServerTemplateContext): string {
  return `#!/usr/bin/env -S node --conditions=@toolsmith/source
/**
 * ${ctx.binName}: serves the ${ctx.title} tools over stdio (default) or Streamable HTTP.
 *
 *   ${ctx.binName} [--transport stdio|http] [--port 3000] [--read-only] [--toolsets a,b|all] [--tools x,y]
 *
 * \`--help\` lists every option and environment variable. The config is read after the command line
 * is parsed, so \`--help\` works without it; a bad config exits with code 1 and says what to fix.
 */
import { enableCompileCache } from 'node:module';

// Cache compiled code between starts (about a third off the cold start); the server is imported
// only after it, so all of its modules are covered.
enableCompileCache();
await import('../cli.ts');
`;
}

/** `src/cli.ts`: the command line itself, started by the bin once the compile cache is on. */
export function cliSource(): string {
  return `import { runServeCli } from '@toolsmith/core/mcp';
import { configHelp, loadConfig } from './config.ts';
import { createDeps } from './deps.ts';
import { createRegistry, serverOptions } from './server.ts';

await runServeCli({
  ...serverOptions(),
  registry: createRegistry(),
  createDeps: () => createDeps(loadConfig()),
  helpText: configHelp(),
});
`;
}
