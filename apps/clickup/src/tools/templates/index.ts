/** The template tools (toolset templates), in the order tools/list shows them. */
import type { AnyTool } from '@toolsmith/core';
import type { ClickUpDeps } from '../../deps.ts';
import { CreateListFromTemplateTool } from './create-list-from-template.tool.ts';
import { CreateTaskFromTemplateTool } from './create-task-from-template.tool.ts';
import { GetTaskTemplatesTool } from './get-task-templates.tool.ts';

export function templateTools(): AnyTool<ClickUpDeps>[] {
  return [new GetTaskTemplatesTool(), new CreateTaskFromTemplateTool(), new CreateListFromTemplateTool()];
}
