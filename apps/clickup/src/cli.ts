/** The `clickup-mcp` command line: parses the flags, reads the config, serves. Started by bin/clickup-mcp.ts. */
import { runServeCli } from '@toolsmith/core/mcp';
import { GENERATE_ENCRYPTION_KEY_COMMAND } from '@toolsmith/core';
import { configHelp, loadConfig, type ClickUpConfig } from './config.ts';
import { createDepsFactory, type DepsFactory } from './deps.ts';
import { createRegistry, serverOptions } from './server.ts';
import { webhookHttpRoutes } from './webhooks/webhook-http-routes.ts';

export const TEAM_HELP = [
  'For a team (--transport http --auth builtin): every user signs in with ClickUp OAuth and calls',
  'ClickUp as themselves; no CLICKUP_API_TOKEN. Needs:',
  '  CLICKUP_OAUTH_CLIENT_ID, CLICKUP_OAUTH_CLIENT_SECRET   a ClickUp OAuth app whose Redirect URL',
  "                             is <this server's origin>/oauth/callback",
  '  MCP_AUTH_ENCRYPTION_KEYS   kid:key pairs encrypting the stored ClickUp tokens, e.g. generated with',
  `                             ${GENERATE_ENCRYPTION_KEY_COMMAND}`,
  '  CLICKUP_AUTH_STORE         the sign-in store (PGlite directory, default .clickup-auth);',
  '                             DATABASE_URL (PostgreSQL) instead, for replicas',
  '  --public-url https://…/mcp behind a proxy. A user in several workspaces names one per call (team_id).',
].join('\n');

export async function main(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  const registry = createRegistry();
  let config: ClickUpConfig | undefined;
  let factory: DepsFactory | undefined;
  await runServeCli({
    ...serverOptions(),
    registry,
    argv,
    createDeps: async ({ logger, auth }) => {
      // --auth builtin over HTTP: users sign in with ClickUp (core reports `none` over stdio).
      const builtin = auth === 'builtin';
      config = loadConfig(process.env, builtin ? { upstreamAuth: 'login' } : {});
      if (builtin) {
        // Refused before the port opens: no keys, no encrypted store.
        const { checkEncryptionKeys } = await import('./auth/builtin-auth.ts');
        await checkEncryptionKeys(process.env);
      }
      factory = createDepsFactory(config, { logger });
      return factory.deps;
    },
    // Each user signed in through the built-in authorization server gets deps of their own.
    depsFor: (auth) => factory!.depsFor(auth),
    builtinAuth: async (settings) => {
      const { createClickUpAuthorizationServer } = await import('./auth/builtin-auth.ts');
      return createClickUpAuthorizationServer(settings, config!);
    },
    // With --transport http: POST /webhooks/clickup (webhooks/webhook-route.ts).
    httpRoutes: ({ deps, logger }) =>
      webhookHttpRoutes({ deps, logger, secret: config?.webhookSecret, registry }),
    // Scrubbed from the log lines sent to clients (notifications/message), besides secret-looking keys.
    secrets: () => [
      process.env.CLICKUP_API_TOKEN,
      process.env.CLICKUP_WEBHOOK_SECRET,
      process.env.CLICKUP_OAUTH_CLIENT_SECRET,
      process.env.KNOWLEDGE_EMBEDDING_API_KEY,
    ],
    helpText: [
      configHelp(),
      '',
      TEAM_HELP,
      '',
      'Default toolsets: context, tasks, custom_fields. Enable more with --toolsets, e.g.',
      '  --toolsets default,comments,time   or   --toolsets all',
    ].join('\n'),
  });
}
