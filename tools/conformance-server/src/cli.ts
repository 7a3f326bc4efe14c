/** The conformance fixture server's command line (`--transport http --port P` for the suite). */
import { runServeCli } from '@toolsmith/core/mcp';
import { createRegistry, SERVER_NAME, SERVER_VERSION } from './server.ts';

export async function main(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  await runServeCli({
    name: SERVER_NAME,
    version: SERVER_VERSION,
    registry: createRegistry(),
    argv,
    // The suite checks the exact tool list; the built-in search_tools is not a fixture.
    searchTools: false,
    createDeps: () => ({}),
  });
}
