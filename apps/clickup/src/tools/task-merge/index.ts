/** The task merge tools, in the order tools/list shows them. */
import type { AnyTool } from '@toolsmith/core';
import type { ClickUpDeps } from '../../deps.ts';
import { MergeTasksTool } from './merge-tasks.tool.ts';

export function taskMergeTools(): AnyTool<ClickUpDeps>[] {
  return [new MergeTasksTool()];
}
