import { CreateFilterTool } from './create-filter.tool.ts';
import { DeleteFilterTool } from './delete-filter.tool.ts';
import { GetFilterTool } from './get-filter.tool.ts';
import { GetFiltersTool } from './get-filters.tool.ts';
import { UpdateFilterTool } from './update-filter.tool.ts';

/** Saved issue filters (`filters` toolset): list, read, create, update, delete. */
export function createFilterTools() {
  return [
    new GetFiltersTool(),
    new GetFilterTool(),
    new CreateFilterTool(),
    new UpdateFilterTool(),
    new DeleteFilterTool(),
  ];
}
