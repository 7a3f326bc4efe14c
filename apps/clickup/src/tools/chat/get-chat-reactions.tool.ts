import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { cursorParam } from '../shared/paging.ts';
import { teamIdParam } from '../shared/params.ts';
import { MESSAGE_NOT_FOUND_HINT, chatPage, messageIdParam, seg } from './chat-params.ts';
import { memberNames, toReactionView, type ApiChatReaction } from './chat-view.ts';

export const GetChatReactionsParams = lazySchema(() =>
  z.object({ message_id: messageIdParam(), cursor: cursorParam, team_id: teamIdParam() }),
);

export class GetChatReactionsTool extends ClickUpTool<typeof GetChatReactionsParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_chat_reactions', TOOL_PREFIX),
    description: 'Reactions on a chat message: { items: [{ reaction, by, at }], nextCursor? }.',
    category: 'chat',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetChatReactionsParams;

  async execute(params: ParamsOf<typeof GetChatReactionsParams>, ctx: ClickUpCtx) {
    const name = await memberNames(ctx);
    return chatPage<ApiChatReaction, ReturnType<typeof toReactionView>>(
      ctx,
      {
        tool: this.name,
        params,
        path: `/chat/messages/${seg(params.message_id)}/reactions`,
        query: { limit: 100 },
        hint: MESSAGE_NOT_FOUND_HINT,
      },
      (r) => toReactionView(r, name),
    );
  }
}
