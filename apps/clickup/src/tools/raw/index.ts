/** The raw tools, in the order tools/list shows them. */
import type { AnyTool } from '@toolsmith/core';
import type { ClickUpDeps } from '../../deps.ts';
import { RawGetTool } from './raw-get.tool.ts';

export function rawTools(): AnyTool<ClickUpDeps>[] {
  return [new RawGetTool()];
}
