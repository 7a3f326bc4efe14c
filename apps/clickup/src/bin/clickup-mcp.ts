#!/usr/bin/env node
/** `clickup-mcp`: the ClickUp MCP server (stdio by default; `--transport http` for Streamable HTTP). */
import { enableCompileCache } from 'node:module';

// Cache compiled code between starts; the server is imported only after it, so all of it is covered.
enableCompileCache();
const { main } = await import('../cli.ts');
await main();
