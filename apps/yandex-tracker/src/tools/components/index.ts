import { CreateComponentTool } from './create-component.tool.ts';
import { DeleteComponentTool } from './delete-component.tool.ts';
import { GetComponentsTool } from './get-components.tool.ts';
import { UpdateComponentTool } from './update-component.tool.ts';

/** Components (`components` toolset): list, create, update, delete. */
export function createComponentTools() {
  return [
    new GetComponentsTool(),
    new CreateComponentTool(),
    new UpdateComponentTool(),
    new DeleteComponentTool(),
  ];
}
