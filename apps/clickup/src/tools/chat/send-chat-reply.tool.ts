import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { hintOnNotFound } from '../shared/with-hint.ts';
import { teamIdParam } from '../shared/params.ts';
import { quoteStart } from '../comments/comment-params.ts';
import { MESSAGE_NOT_FOUND_HINT, chatUrl, messageIdParam, messageTextParam, seg } from './chat-params.ts';
import type { ApiChatMessage } from './chat-view.ts';

export const SendChatReplyParams = lazySchema(() =>
  z.object({
    message_id: messageIdParam().describe('Top-level message to answer'),
    text: messageTextParam(),
    team_id: teamIdParam(),
  }),
);

type Params = ParamsOf<typeof SendChatReplyParams>;

export class SendChatReplyTool extends ClickUpTool<typeof SendChatReplyParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('send_chat_reply', TOOL_PREFIX),
    description: 'Reply in the thread of a chat message; returns { id, at }.',
    category: 'chat',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = SendChatReplyParams;

  protected override outcomeCheck(params: Params): OutcomeCheck {
    return {
      done: 'the reply was posted',
      tool: buildToolName('get_chat_replies', TOOL_PREFIX),
      args: { message_id: params.message_id, limit: 10 },
      lookFor: `a reply of yours starting ${quoteStart(params.text)} among the newest`,
    };
  }

  async execute(params: Params, ctx: ClickUpCtx) {
    const sent = await hintOnNotFound(
      ctx.deps.client.post<ApiChatMessage>(
        await chatUrl(ctx, `/chat/messages/${seg(params.message_id)}/replies`),
        {
          json: { type: 'message', content: params.text, content_format: 'text/md' },
          signal: ctx.signal,
        },
      ),
      MESSAGE_NOT_FOUND_HINT,
    );
    return { id: sent.id, at: new Date(sent.date).toISOString() };
  }
}
