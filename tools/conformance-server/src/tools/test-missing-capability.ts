import { BaseTool, defineToolMetadata, type ToolContext } from '@toolsmith/core';
import { z } from 'zod';
import type { NoDeps } from '../fixture-data.ts';
import { requireInput } from './require-input.ts';

const Params = z.object({});

/**
 * Conformance fixture `test_missing_capability` (SEP-2575): it needs sampling; a client that did
 * not declare it gets the missing-capability error (-32021, HTTP 400), never a half-done call.
 */
export class MissingCapabilityTool extends BaseTool<NoDeps, typeof Params> {
  static override readonly METADATA = defineToolMetadata({
    name: 'test_missing_capability',
    description: 'Needs the sampling client capability (SEP-2575)',
    category: 'conformance',
    annotations: { readOnlyHint: true },
  });

  override getParamsSchema() {
    return Params;
  }

  async execute(_params: z.output<typeof Params>, ctx: ToolContext<NoDeps>) {
    const answer = await requireInput(
      ctx,
      'sample',
    )({
      messages: [{ role: 'user', content: { type: 'text', text: 'Say hello.' } }],
      maxTokens: 20,
    });
    return answer.content.type === 'text' ? answer.content.text : `[${answer.content.type}]`;
  }
}
