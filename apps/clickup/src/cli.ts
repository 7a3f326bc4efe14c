/** The `clickup-mcp` command line: parses the flags, reads the config, serves. Started by bin/clickup-mcp.ts. */
import { runServeCli } from '@toolsmith/core/mcp';
import { configHelp, loadConfig, type ClickUpConfig } from './config.ts';
import { createDeps } from './deps.ts';
import { createRegistry, serverOptions } from './server.ts';
import { webhookHttpRoutes } from './webhooks/webhook-http-routes.ts';

export async function main(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  const registry = createRegistry();
  let config: ClickUpConfig | undefined;
  await runServeCli({
    ...serverOptions(),
    registry,
    argv,
    createDeps: ({ logger }) => createDeps((config = loadConfig()), logger),
    // With --transport http: POST /webhooks/clickup (webhooks/webhook-route.ts).
    httpRoutes: ({ deps, logger }) =>
      webhookHttpRoutes({ deps, logger, secret: config?.webhookSecret, registry }),
    // Scrubbed from the log lines sent to clients (notifications/message), besides secret-looking keys.
    secrets: () => [
      process.env.CLICKUP_API_TOKEN,
      process.env.CLICKUP_WEBHOOK_SECRET,
      process.env.KNOWLEDGE_EMBEDDING_API_KEY,
    ],
    helpText: [
      configHelp(),
      '',
      'Default toolsets: context, tasks, custom_fields. Enable more with --toolsets, e.g.',
      '  --toolsets default,comments,time   or   --toolsets all',
    ].join('\n'),
  });
}
