/** The checklists tools, in the order tools/list shows them. */
import type { AnyTool } from '@toolsmith/core';
import type { ClickUpDeps } from '../../deps.ts';
import { CreateChecklistItemTool } from './create-checklist-item.tool.ts';
import { CreateChecklistTool } from './create-checklist.tool.ts';
import { DeleteChecklistItemTool } from './delete-checklist-item.tool.ts';
import { DeleteChecklistTool } from './delete-checklist.tool.ts';
import { UpdateChecklistItemTool } from './update-checklist-item.tool.ts';
import { UpdateChecklistTool } from './update-checklist.tool.ts';

export function checklistTools(): AnyTool<ClickUpDeps>[] {
  return [
    new CreateChecklistTool(),
    new UpdateChecklistTool(),
    new DeleteChecklistTool(),
    new CreateChecklistItemTool(),
    new UpdateChecklistItemTool(),
    new DeleteChecklistItemTool(),
  ];
}
