/** The members tools, in the order tools/list shows them. */
import type { AnyTool } from '@toolsmith/core';
import type { ClickUpDeps } from '../../deps.ts';
import { FindMemberTool } from './find-member.tool.ts';
import { GetListMembersTool } from './get-list-members.tool.ts';
import { GetTaskMembersTool } from './get-task-members.tool.ts';
import { GetWorkspaceMembersTool } from './get-workspace-members.tool.ts';

export function memberTools(): AnyTool<ClickUpDeps>[] {
  return [
    new GetWorkspaceMembersTool(),
    new FindMemberTool(),
    new GetListMembersTool(),
    new GetTaskMembersTool(),
  ];
}
