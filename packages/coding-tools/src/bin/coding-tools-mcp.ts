#!/usr/bin/env node
/**
 * `coding-tools-mcp`: the coding tools over MCP, rooted at a directory.
 *
 *   coding-tools-mcp --root /path/to/project [--allow-outside-root] [serve options: --transport, --read-only, --tools …]
 *
 * WebSearch/CodeSearch are served when BRAVE_API_KEY is set. AskUser uses MCP elicitation when the
 * client supports it.
 */
import { nodeVersionOk } from '@toolsmith/core/node-version';

// Only the version check is imported statically: on Node < 24 the rest would fail before a line of
// this file ran (`enableCompileCache` alone is missing from Node 20's node:module).
if (nodeVersionOk('coding-tools-mcp')) {
  // Cache compiled code between starts; the server is imported only after it, so all of it is covered.
  const { enableCompileCache } = await import('node:module');
  enableCompileCache();
  const { main } = await import('./serve-coding-tools.ts');
  process.exitCode = (await main(process.argv.slice(2))) ?? process.exitCode;
}
