import { BaseTool, defineToolMetadata, toolResponse } from '@toolsmith/core';
import { z } from 'zod';
import { TEST_IMAGE_BASE64 } from '../fixture-data.ts';
import type { NoDeps } from '../fixture-data.ts';

const Params = z.object({});

/** Conformance fixture `test_image_content`. */
export class ImageContentTool extends BaseTool<NoDeps, typeof Params> {
  static override readonly METADATA = defineToolMetadata({
    name: 'test_image_content',
    description: 'Tests image content response',
    category: 'conformance',
    annotations: { readOnlyHint: true },
  });

  override getParamsSchema() {
    return Params;
  }

  async execute() {
    return toolResponse({ content: [{ type: 'image', data: TEST_IMAGE_BASE64, mimeType: 'image/png' }] });
  }
}
