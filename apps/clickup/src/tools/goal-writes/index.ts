/** The goal and key result writes (toolset goals), in the order tools/list shows them. */
import type { AnyTool } from '@toolsmith/core';
import type { ClickUpDeps } from '../../deps.ts';
import { CreateKeyResultTool } from './create-key-result.tool.ts';
import { DeleteGoalTool } from './delete-goal.tool.ts';
import { DeleteKeyResultTool } from './delete-key-result.tool.ts';
import { UpdateGoalTool } from './update-goal.tool.ts';
import { UpdateKeyResultTool } from './update-key-result.tool.ts';

export function goalWriteTools(): AnyTool<ClickUpDeps>[] {
  return [
    new UpdateGoalTool(),
    new DeleteGoalTool(),
    new CreateKeyResultTool(),
    new UpdateKeyResultTool(),
    new DeleteKeyResultTool(),
  ];
}
