/** The Bookshelf command line: parses the flags, reads the config, serves. Started by bin/bookshelf-mcp.ts. */
import { runServeCli } from '@toolsmith/core/mcp';
import { loadConfig } from './config.ts';
import { createDeps, createRegistry, SERVER_INSTRUCTIONS, SERVER_NAME, SERVER_VERSION } from './server.ts';

await runServeCli({
  name: SERVER_NAME,
  version: SERVER_VERSION,
  instructions: SERVER_INSTRUCTIONS,
  registry: createRegistry(),
  createDeps: ({ logger }) => createDeps(loadConfig(), { logger }),
  helpText:
    'Environment:\n  BOOKSHELF_API_URL   Base URL of the Bookshelf API\n  BOOKSHELF_TOKEN     API token',
});
