import { BasePrompt, definePromptMetadata } from '@toolsmith/core';
import { z } from 'zod';
import { TEST_IMAGE_BASE64, type NoDeps } from '../fixture-data.ts';

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

  render() {
    return {
      messages: [
        {
          role: 'user' as const,
          content: { type: 'image' as const, data: TEST_IMAGE_BASE64, mimeType: 'image/png' },
        },
        { role: 'user' as const, text: 'Please analyze the image above.' },
      ],
    };
  }
}
