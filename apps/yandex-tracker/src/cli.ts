/** The `yandex-tracker-mcp` command line: parses the flags, reads the config, serves. Started by bin/yandex-tracker-mcp.ts. */
import { runServeCli } from '@toolsmith/core/mcp';
import { loadConfig } from './config.ts';
import { createDeps, createRegistry, SERVER_INSTRUCTIONS, SERVER_NAME, SERVER_VERSION } from './server.ts';

export async function main(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  await runServeCli({
    name: SERVER_NAME,
    version: SERVER_VERSION,
    instructions: SERVER_INSTRUCTIONS,
    registry: createRegistry(),
    argv,
    createDeps: ({ logger }) => createDeps(loadConfig(), { logger }),
    // Scrubbed from the log lines sent to clients (notifications/message), besides secret-looking keys.
    secrets: () => [process.env.YANDEX_TRACKER_TOKEN, process.env.YANDEX_TRACKER_IAM_TOKEN],
    helpText: [
      'Environment (see the README for all variables):',
      '  YANDEX_TRACKER_TOKEN       OAuth token (or YANDEX_TRACKER_IAM_TOKEN for an IAM token)',
      '  YANDEX_ORG_ID              Yandex 360 organisation id (or YANDEX_CLOUD_ORG_ID)',
      '  YANDEX_TRACKER_QUEUES      Optional allow-list of queue keys, e.g. DEMO,OPS',
      '  YANDEX_TRACKER_READ_ONLY_QUEUES  Optional read-only queue keys',
      '',
      'Default toolsets: issues, issues_write, comments, meta. Enable more with --toolsets, e.g.',
      '  --toolsets issues,comments,worklogs,meta   or   --toolsets all',
    ].join('\n'),
  });
}
