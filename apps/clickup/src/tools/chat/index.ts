/** The chat tools (API v3), in the order tools/list shows them. */
import type { AnyTool } from '@toolsmith/core';
import type { ClickUpDeps } from '../../deps.ts';
import { AddChatReactionTool } from './add-chat-reaction.tool.ts';
import { GetChatChannelsTool } from './get-chat-channels.tool.ts';
import { GetChatMessagesTool } from './get-chat-messages.tool.ts';
import { GetChatReactionsTool } from './get-chat-reactions.tool.ts';
import { GetChatRepliesTool } from './get-chat-replies.tool.ts';
import { RemoveChatReactionTool } from './remove-chat-reaction.tool.ts';
import { SendChatMessageTool } from './send-chat-message.tool.ts';
import { SendChatReplyTool } from './send-chat-reply.tool.ts';

export function chatTools(): AnyTool<ClickUpDeps>[] {
  return [
    new GetChatChannelsTool(),
    new GetChatMessagesTool(),
    new GetChatRepliesTool(),
    new SendChatMessageTool(),
    new SendChatReplyTool(),
    new GetChatReactionsTool(),
    new AddChatReactionTool(),
    new RemoveChatReactionTool(),
  ];
}
