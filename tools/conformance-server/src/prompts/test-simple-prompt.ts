import { BasePrompt, definePromptMetadata } from '@toolsmith/core';
import { z } from 'zod';
import type { NoDeps } from '../fixture-data.ts';

const Args = z.object({});

/** Conformance fixture `test_simple_prompt`. */
export class SimplePrompt extends BasePrompt<NoDeps, typeof Args> {
  static override readonly METADATA = definePromptMetadata({
    name: 'test_simple_prompt',
    description: 'A simple prompt without arguments',
    toolset: 'conformance',
  });

  getArgsSchema() {
    return Args;
  }

  render() {
    return { messages: [{ role: 'user' as const, text: 'This is a simple prompt for testing.' }] };
  }
}
