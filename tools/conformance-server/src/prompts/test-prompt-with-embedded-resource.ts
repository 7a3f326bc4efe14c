import { BasePrompt, definePromptMetadata } from '@toolsmith/core';
import { z } from 'zod';
import type { NoDeps } from '../fixture-data.ts';

const Args = z.object({
  resourceUri: z.string().describe('URI of the resource to embed'),
});

/** Conformance fixture `test_prompt_with_embedded_resource`. */
export class PromptWithEmbeddedResource extends BasePrompt<NoDeps, typeof Args> {
  static override readonly METADATA = definePromptMetadata({
    name: 'test_prompt_with_embedded_resource',
    description: 'A prompt that includes an embedded resource',
    toolset: 'conformance',
  });

  getArgsSchema() {
    return Args;
  }

  render({ resourceUri }: z.output<typeof Args>) {
    return {
      messages: [
        {
          role: 'user' as const,
          content: {
            type: 'resource' as const,
            resource: {
              uri: resourceUri,
              mimeType: 'text/plain',
              text: 'Embedded resource content for testing.',
            },
          },
        },
        { role: 'user' as const, text: 'Please process the embedded resource above.' },
      ],
    };
  }
}
