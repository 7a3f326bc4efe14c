/** The guest tools (toolset guests; Enterprise plan), in the order tools/list shows them. */
import type { AnyTool } from '@toolsmith/core';
import type { ClickUpDeps } from '../../deps.ts';
import { EditGuestTool } from './edit-guest.tool.ts';
import { GetGuestTool } from './get-guest.tool.ts';
import { InviteGuestTool } from './invite-guest.tool.ts';
import { RemoveGuestTool } from './remove-guest.tool.ts';
import { ShareWithGuestTool } from './share-with-guest.tool.ts';
import { UnshareWithGuestTool } from './unshare-with-guest.tool.ts';

export function guestTools(): AnyTool<ClickUpDeps>[] {
  return [
    new InviteGuestTool(),
    new GetGuestTool(),
    new EditGuestTool(),
    new RemoveGuestTool(),
    new ShareWithGuestTool(),
    new UnshareWithGuestTool(),
  ];
}
