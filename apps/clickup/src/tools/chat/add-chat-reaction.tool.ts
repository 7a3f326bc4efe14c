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
import { MESSAGE_NOT_FOUND_HINT, chatUrl, messageIdParam, seg } from './chat-params.ts';

export const AddChatReactionParams = lazySchema(() =>
  z.object({
    message_id: messageIdParam(),
    reaction: z
      .string()
      .trim()
      .refine((name) => /^:?[\w+-]{1,60}:?$/.test(name), 'an emoji name, e.g. "thumbsup" or ":tada:"')
      .describe('Emoji name, e.g. "thumbsup"'),
    team_id: teamIdParam(),
  }),
);

type Params = ParamsOf<typeof AddChatReactionParams>;

/** ClickUp takes lower-case emoji names without colons: ":Tada:" is sent as "tada" (announced). */
export function emojiName(given: string): string {
  return given.replace(/^:|:$/g, '').toLowerCase();
}

export class AddChatReactionTool extends ClickUpTool<typeof AddChatReactionParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('add_chat_reaction', TOOL_PREFIX),
    description: 'React to a chat message with an emoji; returns { reaction, at }.',
    category: 'chat',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = AddChatReactionParams;

  protected override outcomeCheck(params: Params): OutcomeCheck {
    return {
      done: 'the reaction was added',
      tool: buildToolName('get_chat_reactions', TOOL_PREFIX),
      args: { message_id: params.message_id },
      lookFor: `"${emojiName(params.reaction)}" by you`,
    };
  }

  protected override async beforeExecute(params: Params, ctx: ClickUpCtx): Promise<void> {
    const name = emojiName(params.reaction);
    if (name !== params.reaction) {
      ctx.call?.convert('reaction', params.reaction, name);
      params.reaction = name;
    }
    await super.beforeExecute(params, ctx);
  }

  async execute(params: Params, ctx: ClickUpCtx) {
    const added = await hintOnNotFound(
      ctx.deps.client.post<{ reaction: string; date: number }>(
        await chatUrl(ctx, `/chat/messages/${seg(params.message_id)}/reactions`),
        { json: { reaction: params.reaction }, signal: ctx.signal },
      ),
      MESSAGE_NOT_FOUND_HINT,
    );
    return { reaction: added.reaction, at: new Date(added.date).toISOString() };
  }
}
