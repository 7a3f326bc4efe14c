import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { cursorParam } from '../shared/paging.ts';
import { teamIdParam } from '../shared/params.ts';
import { MESSAGE_NOT_FOUND_HINT, chatPage, limitParam, messageIdParam, seg } from './chat-params.ts';
import { memberNames, toMessageView, type ApiChatMessage } from './chat-view.ts';

export const GetChatRepliesParams = lazySchema(() =>
  z.object({
    message_id: messageIdParam(),
    limit: limitParam(),
    cursor: cursorParam,
    team_id: teamIdParam(),
  }),
);

export class GetChatRepliesTool extends ClickUpTool<typeof GetChatRepliesParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_chat_replies', TOOL_PREFIX),
    description: 'Thread of a chat message, newest first: { items: [{ id, by, at, text }], nextCursor? }.',
    category: 'chat',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetChatRepliesParams;

  async execute(params: ParamsOf<typeof GetChatRepliesParams>, ctx: ClickUpCtx) {
    const name = await memberNames(ctx);
    return chatPage<ApiChatMessage, ReturnType<typeof toMessageView>>(
      ctx,
      {
        tool: this.name,
        params,
        path: `/chat/messages/${seg(params.message_id)}/replies`,
        query: { limit: params.limit ?? 50, content_format: 'text/md' },
        hint: MESSAGE_NOT_FOUND_HINT,
      },
      (m) => toMessageView(m, name),
    );
  }
}
