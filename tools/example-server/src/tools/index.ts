/**
 * The composition of the Bookshelf server: its toolsets and the one list of its tools (as
 * github-mcp-server's pkg/github/tools.go). createRegistry() registers exactly these, so tools/list
 * and tools/call cannot disagree; a tool not listed in its area's index.ts does not exist for clients.
 */
import { defineToolset, type AnyTool } from '@toolsmith/core';
import type { BookshelfDeps } from '../deps.ts';
import { bookTools } from './books/index.ts';
import { metaTools } from './meta/index.ts';

/** Toolsets for `--toolsets`; every tool's toolset (or category) is declared here. */
export const TOOLSETS = [
  defineToolset({ id: 'books', description: 'Search and read books', default: true }),
  defineToolset({ id: 'books_write', description: 'Add, change and delete books', default: true }),
  defineToolset({ id: 'library', description: 'Library-wide operations (export)', default: true }),
  defineToolset({ id: 'meta', description: 'Connection checks', default: true }),
];

/** Every tool of the server, area by area, in the order tools/list shows them. */
export function createTools(): AnyTool<BookshelfDeps>[] {
  return [...bookTools(), ...metaTools()];
}
