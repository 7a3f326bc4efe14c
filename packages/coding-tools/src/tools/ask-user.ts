/**
 * AskUser: the agent asks the person it works for. Order of channels: the session's `askUser`
 * handler (a CLI, a UI, `runAgent`'s consumer), then MCP elicitation when the client supports it;
 * with neither, it says no user is available instead of hanging.
 */
import { defineToolMetadata, type ToolContext } from '@toolsmith/core';
import { z } from 'zod';
import type { CodingToolsDeps } from '../session/coding-session.ts';
import { CodingTool } from './shared/coding-tool.ts';

const AskUserParams = z.object({
  question: z
    .string()
    .trim()
    .min(1)
    .describe('The question, complete and self-contained: the user has not seen your reasoning.'),
  options: z
    .array(z.string().trim().min(1))
    .min(2)
    .max(8)
    .optional()
    .describe(
      'Answers to choose from, when the choice is closed (2–8). The user may still answer in their own words.',
    ),
});

export const NO_USER_ANSWER =
  'No user is available to answer right now. Decide yourself, state the assumption you made, and continue.';

/**
 * The elicitation form. MCP forms hold primitive fields only, and an enum field is a closed list: so
 * suggested answers are one field (`choice`) and the user's own words another (`answer`), both
 * optional — a client shows a list to pick from and a text box, and the user uses either.
 */
export function elicitationSchema(options: readonly string[] | undefined) {
  if (!options) {
    return {
      type: 'object' as const,
      properties: { answer: { type: 'string', title: 'Answer' } },
      required: ['answer'],
    };
  }
  return {
    type: 'object' as const,
    properties: {
      choice: { type: 'string', title: 'Pick an answer', enum: [...options] },
      answer: {
        type: 'string',
        title: 'Or answer in your own words',
        description: 'Used instead of the pick when filled in.',
      },
    },
  };
}

/** The answer in an accepted form: the user's own words, else the picked suggestion. */
function acceptedAnswer(content: Record<string, unknown>): string {
  const typed = typeof content['answer'] === 'string' ? content['answer'].trim() : '';
  const picked = typeof content['choice'] === 'string' ? content['choice'].trim() : '';
  if (typed !== '') return `The user answered: ${typed}`;
  if (picked !== '') return `The user answered: ${picked}`;
  return 'The user submitted the question without an answer. Decide yourself, state the assumption you made, and continue.';
}

export class AskUserTool extends CodingTool<typeof AskUserParams> {
  static override readonly METADATA = defineToolMetadata({
    name: 'AskUser',
    title: 'Ask the user',
    description:
      '[Interaction/Ask] Ask the user a question and wait for the answer. Use it for decisions only the user can make (preferences, missing requirements, ambiguous instructions) — not for things you can find out yourself.',
    category: 'interaction',
    tags: ['question', 'clarify', 'human', 'input'],
    annotations: { readOnlyHint: true, openWorldHint: true },
  });

  override getParamsSchema() {
    return AskUserParams;
  }

  async execute(
    { question, options }: z.output<typeof AskUserParams>,
    ctx: ToolContext<CodingToolsDeps>,
  ): Promise<string> {
    const { session } = ctx.deps;
    const toolCallId = ctx.requestId === undefined ? undefined : String(ctx.requestId);
    const asked = {
      question,
      ...(options ? { options } : {}),
      ...(toolCallId !== undefined ? { toolCallId } : {}),
    };
    session.emit({ type: 'ask_user', ...asked });
    const handler = session.options.askUser;
    if (handler) {
      const answer = await handler(asked, ctx.signal);
      return `The user answered: ${answer}`;
    }
    if (ctx.elicit) {
      const result = await ctx.elicit({ message: question, requestedSchema: elicitationSchema(options) });
      if (result.action === 'accept') return acceptedAnswer(result.content);
      return result.action === 'decline'
        ? 'The user declined to answer. Continue without it, or explain why you need it.'
        : 'The user dismissed the question. Continue without it.';
    }
    return NO_USER_ANSWER;
  }
}
