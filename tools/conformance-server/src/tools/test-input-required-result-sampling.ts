import { BaseTool, defineToolMetadata, type ToolContext } from '@toolsmith/core';
import { z } from 'zod';
import type { NoDeps } from '../fixture-data.ts';
import { requireInput } from './require-input.ts';

const Params = z.object({});

/** Conformance fixture `test_input_required_result_sampling` (SEP-2322): asks the client's model. */
export class InputRequiredSamplingTool extends BaseTool<NoDeps, typeof Params> {
  static override readonly METADATA = defineToolMetadata({
    name: 'test_input_required_result_sampling',
    description: 'Tests an input-required result with one sampling request (SEP-2322)',
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
      key: 'capital_question',
      messages: [{ role: 'user', content: { type: 'text', text: 'What is the capital of France?' } }],
      maxTokens: 100,
    });
    return `The model (${answer.model}) answered: ${answer.content.type === 'text' ? answer.content.text : `[${answer.content.type}]`}`;
  }
}
