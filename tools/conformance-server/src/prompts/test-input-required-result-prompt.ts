import {
  BasePrompt,
  definePromptMetadata,
  MissingClientCapabilityError,
  type PromptContext,
} from '@toolsmith/core';
import { z } from 'zod';
import type { NoDeps } from '../fixture-data.ts';

const Args = z.object({});

/** Conformance fixture `test_input_required_result_prompt` (SEP-2322): a prompt that asks the user first. */
export class InputRequiredPrompt extends BasePrompt<NoDeps, typeof Args> {
  static override readonly METADATA = definePromptMetadata({
    name: 'test_input_required_result_prompt',
    description: 'A prompt that asks the user for context before rendering (SEP-2322)',
    toolset: 'conformance',
  });

  getArgsSchema() {
    return Args;
  }

  async render(_args: z.output<typeof Args>, ctx: PromptContext<NoDeps>) {
    if (!ctx.elicit) throw new MissingClientCapabilityError({ elicitation: {} });
    const answer = await ctx.elicit({
      key: 'user_context',
      message: 'What context should the prompt use?',
      requestedSchema: { type: 'object', properties: { context: { type: 'string' } }, required: ['context'] },
    });
    const context = answer.action === 'accept' ? String(answer.content.context) : 'no particular context';
    return { messages: [{ role: 'user' as const, text: `Work with this context: ${context}` }] };
  }
}
