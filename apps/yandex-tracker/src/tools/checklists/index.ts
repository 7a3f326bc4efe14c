/** checklists: read an issue's checklist; add, update and delete items. */
import { AddChecklistItemTool } from './add-checklist-item.tool.ts';
import { DeleteChecklistItemTool } from './delete-checklist-item.tool.ts';
import { GetChecklistTool } from './get-checklist.tool.ts';
import { UpdateChecklistItemTool } from './update-checklist-item.tool.ts';

export function createChecklistTools() {
  return [
    new GetChecklistTool(),
    new AddChecklistItemTool(),
    new UpdateChecklistItemTool(),
    new DeleteChecklistItemTool(),
  ];
}
