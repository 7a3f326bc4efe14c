import { BasePrompt, definePromptMetadata } from '@toolsmith/core';
import { z } from 'zod';
import type { NoDeps } from '../fixture-data.ts';

const Args = z.object({
  arg1: z.string().describe('First test argument'),
  arg2: z.string().describe('Second test argument'),
});

/** Conformance fixture `test_prompt_with_arguments`. */
export class TestPromptWithArguments extends BasePrompt<NoDeps, typeof Args> {
  static override readonly METADATA = definePromptMetadata({
    name: 'test_prompt_with_arguments',
    description: 'A prompt with required arguments',
    toolset: 'conformance',
  });

  getArgsSchema() {
    return Args;
  }

  render({ arg1, arg2 }: z.infer<typeof Args>) {
    return {
      messages: [{ role: 'user' as const, text: `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'` }],
    };
  }
}
