#!/usr/bin/env node
/** `bookshelf-mcp`: the Bookshelf MCP server (stdio by default; `--transport http` for Streamable HTTP). */
import { enableCompileCache } from 'node:module';

// Cache compiled code between starts (about a third off the cold start, see docs/performance.md).
// The server is imported only after it, so all of its modules are covered.
enableCompileCache();
await import('../cli.ts');
