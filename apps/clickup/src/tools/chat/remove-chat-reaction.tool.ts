import { buildToolName, defineToolMetadata, lazySchema, ref, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { hintOnNotFound } from '../shared/with-hint.ts';
import { teamIdParam } from '../shared/params.ts';
import { MESSAGE_NOT_FOUND_HINT, chatUrl, messageIdParam, seg } from './chat-params.ts';

export const RemoveChatReactionParams = lazySchema(() =>
  z.object({
    message_id: messageIdParam(),
    reaction: ref('chat_reaction').describe('One of your reactions on it'),
    team_id: teamIdParam(),
  }),
);

export class RemoveChatReactionTool extends ClickUpTool<typeof RemoveChatReactionParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('remove_chat_reaction', TOOL_PREFIX),
    description: 'Take back your emoji reaction from a chat message.',
    category: 'chat',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = RemoveChatReactionParams;

  async execute(params: ParamsOf<typeof RemoveChatReactionParams>, ctx: ClickUpCtx) {
    await hintOnNotFound(
      ctx.deps.client.delete(
        await chatUrl(ctx, `/chat/messages/${seg(params.message_id)}/reactions/${seg(params.reaction)}`),
        { signal: ctx.signal },
      ),
      MESSAGE_NOT_FOUND_HINT,
    );
    return { removed: params.reaction };
  }
}
