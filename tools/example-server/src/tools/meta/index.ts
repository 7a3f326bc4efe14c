/** The meta tools (connection checks), in the order tools/list shows them. */
import type { AnyTool } from '@toolsmith/core';
import type { BookshelfDeps } from '../../deps.ts';
import { PingTool } from './ping.tool.ts';

export function metaTools(): AnyTool<BookshelfDeps>[] {
  return [new PingTool()];
}
