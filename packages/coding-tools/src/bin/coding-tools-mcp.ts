#!/usr/bin/env node
/**
 * `coding-tools-mcp`: the coding tools over MCP, rooted at a directory.
 *
 *   coding-tools-mcp --root /path/to/project [--allow-outside-root] [serve options: --transport, --read-only, --tools …]
 *
 * WebSearch/CodeSearch are served when BRAVE_API_KEY is set. AskUser uses MCP elicitation when the
 * client supports it.
 */
import { enableCompileCache } from 'node:module';

enableCompileCache();
const { main } = await import('./serve-coding-tools.ts');
process.exitCode = (await main(process.argv.slice(2))) ?? process.exitCode;
