import { BaseTool, defineToolMetadata, type ToolContext } from '@toolsmith/core';
import { z } from 'zod';
import type { NoDeps } from '../fixture-data.ts';
import { requireInput } from './require-input.ts';

const Params = z.object({ prompt: z.string().describe('The prompt to send to the LLM') });

/** Conformance fixture `test_sampling`: asks the client's model and reports its answer. */
export class SamplingTool extends BaseTool<NoDeps, typeof Params> {
  static override readonly METADATA = defineToolMetadata({
    name: 'test_sampling',
    description: 'Tests server-initiated sampling (LLM completion request)',
    category: 'conformance',
    annotations: { readOnlyHint: true },
  });

  override getParamsSchema() {
    return Params;
  }

  async execute({ prompt }: z.output<typeof Params>, ctx: ToolContext<NoDeps>) {
    const answer = await requireInput(
      ctx,
      'sample',
    )({
      messages: [{ role: 'user', content: { type: 'text', text: prompt } }],
      maxTokens: 100,
    });
    return `LLM response: ${answer.content.type === 'text' ? answer.content.text : `[${answer.content.type}]`}`;
  }
}
