/** The comments tools, in the order tools/list shows them. */
import type { AnyTool } from '@toolsmith/core';
import type { ClickUpDeps } from '../../deps.ts';

export function commentTools(): AnyTool<ClickUpDeps>[] {
  return [];
}
