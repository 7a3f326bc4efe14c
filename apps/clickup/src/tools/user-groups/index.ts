/** The user group tools (toolset user_groups), in the order tools/list shows them. */
import type { AnyTool } from '@toolsmith/core';
import type { ClickUpDeps } from '../../deps.ts';
import { CreateUserGroupTool } from './create-user-group.tool.ts';
import { DeleteUserGroupTool } from './delete-user-group.tool.ts';
import { GetUserGroupsTool } from './get-user-groups.tool.ts';
import { UpdateUserGroupTool } from './update-user-group.tool.ts';

export function userGroupTools(): AnyTool<ClickUpDeps>[] {
  return [
    new GetUserGroupsTool(),
    new CreateUserGroupTool(),
    new UpdateUserGroupTool(),
    new DeleteUserGroupTool(),
  ];
}
