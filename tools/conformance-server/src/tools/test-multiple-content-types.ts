import { BaseTool, defineToolMetadata, toolResponse } from '@toolsmith/core';
import { z } from 'zod';
import { TEST_IMAGE_BASE64 } from '../fixture-data.ts';
import type { NoDeps } from '../fixture-data.ts';

const Params = z.object({});

/** Conformance fixture `test_multiple_content_types`. */
export class MultipleContentTypesTool extends BaseTool<NoDeps, typeof Params> {
  static override readonly METADATA = defineToolMetadata({
    name: 'test_multiple_content_types',
    description: 'Tests response with multiple content types (text, image, resource)',
    category: 'conformance',
    annotations: { readOnlyHint: true },
  });

  override getParamsSchema() {
    return Params;
  }

  async execute() {
    return toolResponse({
      content: [
        { type: 'text', text: 'Multiple content types test:' },
        { type: 'image', data: TEST_IMAGE_BASE64, mimeType: 'image/png' },
        {
          type: 'resource',
          resource: {
            uri: 'test://mixed-content-resource',
            mimeType: 'application/json',
            text: JSON.stringify({ test: 'data', value: 123 }),
          },
        },
      ],
    });
  }
}
