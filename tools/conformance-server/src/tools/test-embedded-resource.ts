import { BaseTool, defineToolMetadata, toolResponse } from '@toolsmith/core';
import { z } from 'zod';

import type { NoDeps } from '../fixture-data.ts';

const Params = z.object({});

/** Conformance fixture `test_embedded_resource`. */
export class EmbeddedResourceTool extends BaseTool<NoDeps, typeof Params> {
  static override readonly METADATA = defineToolMetadata({
    name: 'test_embedded_resource',
    description: 'Tests embedded resource content response',
    category: 'conformance',
    annotations: { readOnlyHint: true },
  });

  override getParamsSchema() {
    return Params;
  }

  async execute() {
    return toolResponse({
      content: [
        {
          type: 'resource',
          resource: {
            uri: 'test://embedded-resource',
            mimeType: 'text/plain',
            text: 'This is an embedded resource content.',
          },
        },
      ],
    });
  }
}
