/** The goals tools, in the order tools/list shows them. */
import type { AnyTool } from '@toolsmith/core';
import type { ClickUpDeps } from '../../deps.ts';
import { CreateGoalTool } from './create-goal.tool.ts';
import { GetGoalTool } from './get-goal.tool.ts';
import { GetGoalsTool } from './get-goals.tool.ts';

export function goalTools(): AnyTool<ClickUpDeps>[] {
  return [new GetGoalsTool(), new GetGoalTool(), new CreateGoalTool()];
}
