import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { cursorParam } from '../shared/paging.ts';
import { teamIdParam } from '../shared/params.ts';
import { CHANNEL_NOT_FOUND_HINT, channelIdParam, chatPage, limitParam, seg } from './chat-params.ts';
import { memberNames, toMessageView, type ApiChatMessage } from './chat-view.ts';

export const GetChatMessagesParams = lazySchema(() =>
  z.object({
    channel_id: channelIdParam(),
    limit: limitParam(),
    cursor: cursorParam,
    team_id: teamIdParam(),
  }),
);

export class GetChatMessagesTool extends ClickUpTool<typeof GetChatMessagesParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_chat_messages', TOOL_PREFIX),
    description:
      'Chat channel messages, newest first: { items: [{ id, by, at, text, replies? }], nextCursor? }.',
    category: 'chat',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetChatMessagesParams;

  async execute(params: ParamsOf<typeof GetChatMessagesParams>, ctx: ClickUpCtx) {
    const name = await memberNames(ctx);
    return chatPage<ApiChatMessage, ReturnType<typeof toMessageView>>(
      ctx,
      {
        tool: this.name,
        params,
        path: `/chat/channels/${seg(params.channel_id)}/messages`,
        query: { limit: params.limit ?? 50, content_format: 'text/md' },
        hint: CHANNEL_NOT_FOUND_HINT,
      },
      (m) => toMessageView(m, name),
    );
  }
}
