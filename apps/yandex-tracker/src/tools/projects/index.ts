import { CreateProjectTool } from './create-project.tool.ts';
import { DeleteProjectTool } from './delete-project.tool.ts';
import { GetProjectTool } from './get-project.tool.ts';
import { GetProjectsTool } from './get-projects.tool.ts';
import { UpdateProjectTool } from './update-project.tool.ts';

/** Projects (`projects` toolset): list, read, create, update, delete (legacy `/v2/projects`). */
export function createProjectTools() {
  return [
    new GetProjectsTool(),
    new GetProjectTool(),
    new CreateProjectTool(),
    new UpdateProjectTool(),
    new DeleteProjectTool(),
  ];
}
