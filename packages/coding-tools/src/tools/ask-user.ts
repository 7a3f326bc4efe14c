/**
 * AskUser: the agent asks the person it works for. Order of channels: the session's `askUser`
 * handler (a CLI, a UI, `runAgent`'s consumer), then MCP elicitation when the client supports it;
 * with neither, it says no user is available instead of hanging.
 */
import { BaseTool, defineToolMetadata, type ToolContext } from '@toolsmith/core';
import { z } from 'zod';
import type { CodingToolsDeps } from '../session/coding-session.ts';

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

export class AskUserTool extends BaseTool<CodingToolsDeps, typeof AskUserParams> {
  static override readonly METADATA = defineToolMetadata({
    name: 'AskUser',
    title: 'Ask the user',
    description:
      '[Interaction/Ask] Ask the user a question and wait for the answer. Use it for decisions only the user can make (preferences, missing requirements, ambiguous instructions) — not for things you can find out yourself.',
    category: 'interaction',
    tags: ['question', 'clarify', 'human', 'input'],
    annotations: { readOnlyHint: true, openWorldHint: true },
  });

  getParamsSchema() {
    return AskUserParams;
  }

  async execute(
    { question, options }: z.output<typeof AskUserParams>,
    ctx: ToolContext<CodingToolsDeps>,
  ): Promise<string> {
    const { session } = ctx.deps;
    session.emit({
      type: 'ask_user',
      question,
      ...(options ? { options } : {}),
      ...(ctx.requestId !== undefined ? { toolCallId: String(ctx.requestId) } : {}),
    });
    const handler = session.options.askUser;
    if (handler) {
      const answer = await handler({ question, ...(options ? { options } : {}) }, ctx.signal);
      return `The user answered: ${answer}`;
    }
    if (ctx.elicit) {
      const result = await ctx.elicit({
        message: question,
        requestedSchema: {
          type: 'object',
          properties: {
            answer: options
              ? { type: 'string', title: 'Answer', enum: options }
              : { type: 'string', title: 'Answer' },
          },
          required: ['answer'],
        },
      });
      if (result.action === 'accept') return `The user answered: ${String(result.content['answer'] ?? '')}`;
      return result.action === 'decline'
        ? 'The user declined to answer. Continue without it, or explain why you need it.'
        : 'The user dismissed the question. Continue without it.';
    }
    return NO_USER_ANSWER;
  }
}
