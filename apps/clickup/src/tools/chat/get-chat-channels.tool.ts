import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { cursorParam } from '../shared/paging.ts';
import { teamIdParam } from '../shared/params.ts';
import { chatPage } from './chat-params.ts';
import { toChannelView, type ApiChatChannel } from './chat-view.ts';

export const GetChatChannelsParams = lazySchema(() =>
  z.object({
    include_closed: z.boolean().optional().describe('Also closed DMs'),
    cursor: cursorParam,
    team_id: teamIdParam(),
  }),
);

export class GetChatChannelsTool extends ClickUpTool<typeof GetChatChannelsParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_chat_channels', TOOL_PREFIX),
    description: 'Chat channels and DMs you see: { items: [{ id, name, type }], nextCursor? }.',
    category: 'chat',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetChatChannelsParams;

  async execute(params: ParamsOf<typeof GetChatChannelsParams>, ctx: ClickUpCtx) {
    return chatPage<ApiChatChannel, ReturnType<typeof toChannelView>>(
      ctx,
      {
        tool: this.name,
        params,
        path: '/chat/channels',
        query: { limit: 100, ...(params.include_closed ? { include_closed: true } : {}) },
        hint: '',
      },
      toChannelView,
    );
  }
}
