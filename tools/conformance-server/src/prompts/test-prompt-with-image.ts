import { BasePrompt, definePromptMetadata } from '@toolsmith/core';
import { z } from 'zod';
import type { NoDeps } from '../fixture-data.ts';

const Args = z.object({});

/** Conformance fixture `test_prompt_with_image`. */
export class PromptWithImage extends BasePrompt<NoDeps, typeof Args> {
  static override readonly METADATA = definePromptMetadata({
    name: 'test_prompt_with_image',
    description: 'A prompt that includes image content',
    toolset: 'conformance',
  });

  getArgsSchema() {
    return Args;
  }

  /** The suite expects an image message first; BasePrompt renders text messages only (a core gap). */
  render() {
    return { messages: [{ role: 'user' as const, text: 'Please analyze the image above.' }] };
  }
}
