import { BaseTool, defineToolMetadata } from '@toolsmith/core';
import { z } from 'zod';

import type { NoDeps } from '../fixture-data.ts';

const Params = z.object({});

/** Conformance fixture `test_simple_text`. */
export class SimpleTextTool extends BaseTool<NoDeps, typeof Params> {
  static override readonly METADATA = defineToolMetadata({
    name: 'test_simple_text',
    description: 'Tests simple text content response',
    category: 'conformance',
    annotations: { readOnlyHint: true },
  });

  override getParamsSchema() {
    return Params;
  }

  async execute() {
    return 'This is a simple text response for testing.';
  }
}
