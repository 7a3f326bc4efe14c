import { BaseTool, defineToolMetadata, toolResponse } from '@toolsmith/core';
import { z } from 'zod';
import { TEST_AUDIO_BASE64 } from '../fixture-data.ts';
import type { NoDeps } from '../fixture-data.ts';

const Params = z.object({});

/** Conformance fixture `test_audio_content`. */
export class AudioContentTool extends BaseTool<NoDeps, typeof Params> {
  static override readonly METADATA = defineToolMetadata({
    name: 'test_audio_content',
    description: 'Tests audio content response',
    category: 'conformance',
    annotations: { readOnlyHint: true },
  });

  override getParamsSchema() {
    return Params;
  }

  async execute() {
    return toolResponse({ content: [{ type: 'audio', data: TEST_AUDIO_BASE64, mimeType: 'audio/wav' }] });
  }
}
