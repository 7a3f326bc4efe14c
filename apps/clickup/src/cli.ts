/** The `clickup-mcp` command line: parses the flags, reads the config, serves. Started by bin/clickup-mcp.ts. */
import { runServeCli } from '@toolsmith/core/mcp';
import { configHelp, loadConfig } from './config.ts';
import { createDeps } from './deps.ts';
import { createRegistry, serverOptions } from './server.ts';

export async function main(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  await runServeCli({
    ...serverOptions(),
    registry: createRegistry(),
    argv,
    createDeps: ({ logger }) => createDeps(loadConfig(), logger),
    // Scrubbed from the log lines sent to clients (notifications/message), besides secret-looking keys.
    secrets: () => [process.env.CLICKUP_API_TOKEN, process.env.CLICKUP_WEBHOOK_SECRET],
    helpText: [
      configHelp(),
      '',
      'Default toolsets: tasks, custom_fields, comments, workspace. Enable more with --toolsets, e.g.',
      '  --toolsets tasks,comments,time   or   --toolsets all',
    ].join('\n'),
  });
}
