/**
 * Snapshot and convention tests of one area's tool definitions, in that area's own test file (one
 * snapshot file per area, so areas never rewrite each other's snapshots).
 */
import { ToolRegistry, type AnyTool } from '@toolsmith/core';
import { describeToolDefinitions } from '@toolsmith/testing/jest';
import type { ClickUpDeps } from '../deps.ts';
import { TOOLSETS } from '../tools/index.ts';

export function describeAreaDefinitions(area: string, tools: () => AnyTool<ClickUpDeps>[]): void {
  describeToolDefinitions(`${area} tool definitions`, () =>
    new ToolRegistry<ClickUpDeps>({ toolsets: TOOLSETS }).register(...tools()),
  );
}
