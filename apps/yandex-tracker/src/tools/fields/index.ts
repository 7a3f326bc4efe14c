import { CreateFieldTool } from './create-field.tool.ts';
import { CreateLocalFieldTool } from './create-local-field.tool.ts';
import { GetFieldCategoriesTool } from './get-field-categories.tool.ts';
import { UpdateFieldTool } from './update-field.tool.ts';
import { UpdateLocalFieldTool } from './update-local-field.tool.ts';

/** Field definitions (`fields` toolset): categories, global fields and a queue's local fields created and changed. */
export function createFieldTools() {
  return [
    new GetFieldCategoriesTool(),
    new CreateFieldTool(),
    new UpdateFieldTool(),
    new CreateLocalFieldTool(),
    new UpdateLocalFieldTool(),
  ];
}
