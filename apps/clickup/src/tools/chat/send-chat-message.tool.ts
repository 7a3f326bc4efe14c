import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  ref,
  ValidationError,
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
import { CHANNEL_NOT_FOUND_HINT, channelIdParam, chatUrl, messageTextParam, seg } from './chat-params.ts';
import type { ApiChatMessage } from './chat-view.ts';

export const SendChatMessageParams = lazySchema(() =>
  z.object({
    channel_id: channelIdParam(),
    text: messageTextParam(),
    title: z
      .string()
      .trim()
      .refine((title) => title.length <= 255, 'at most 255 characters')
      .optional()
      .describe('Post title'),
    post_type: ref('chat_post_type').optional().describe('Announcement, Discussion, Idea or Update'),
    team_id: teamIdParam(),
  }),
);

type Params = ParamsOf<typeof SendChatMessageParams>;

export class SendChatMessageTool extends ClickUpTool<typeof SendChatMessageParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('send_chat_message', TOOL_PREFIX),
    description: 'Send to a chat channel (a post when title and post_type are given); returns { id, at }.',
    category: 'chat',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = SendChatMessageParams;

  protected override outcomeCheck(params: Params): OutcomeCheck {
    return {
      done: 'the message was posted',
      tool: buildToolName('get_chat_messages', TOOL_PREFIX),
      args: { channel_id: params.channel_id, limit: 10 },
      lookFor: `a message of yours starting ${quoteStart(params.text)} among the newest`,
    };
  }

  /** A post (ClickUp's `type: post`) needs its title and its type: one without the other is refused. */
  protected override async beforeExecute(params: Params, ctx: ClickUpCtx): Promise<void> {
    const missing = params.title === undefined ? 'title' : params.post_type === undefined ? 'post_type' : '';
    if (missing && (params.title !== undefined || params.post_type !== undefined)) {
      throw new ValidationError({
        toolName: this.name,
        issues: [
          {
            field: missing,
            message: `A post needs both title and post_type: give ${missing} too, or leave out the other for a plain message.`,
          },
        ],
      });
    }
    await super.beforeExecute(params, ctx);
  }

  async execute(params: Params, ctx: ClickUpCtx) {
    const post = params.title !== undefined && params.post_type !== undefined;
    const sent = await hintOnNotFound(
      ctx.deps.client.post<ApiChatMessage>(
        await chatUrl(ctx, `/chat/channels/${seg(params.channel_id)}/messages`),
        {
          json: {
            type: post ? 'post' : 'message',
            content: params.text,
            content_format: 'text/md',
            ...(post ? { post_data: { title: params.title, subtype: { id: params.post_type } } } : {}),
          },
          signal: ctx.signal,
        },
      ),
      CHANNEL_NOT_FOUND_HINT,
    );
    return { id: sent.id, at: new Date(sent.date).toISOString() };
  }
}
