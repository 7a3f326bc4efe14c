import { BaseTool, defineToolMetadata, type ToolContext } from '@toolsmith/core';
import { z } from 'zod';
import type { NoDeps } from '../fixture-data.ts';
import { requireInput } from './require-input.ts';

const Params = z.object({});

/** Conformance fixture `test_input_required_result_elicitation` (SEP-2322): asks the user's name. */
export class InputRequiredElicitationTool extends BaseTool<NoDeps, typeof Params> {
  static override readonly METADATA = defineToolMetadata({
    name: 'test_input_required_result_elicitation',
    description: 'Tests an input-required result with one elicitation (SEP-2322)',
    category: 'conformance',
    annotations: { readOnlyHint: true },
  });

  override getParamsSchema() {
    return Params;
  }

  async execute(_params: z.output<typeof Params>, ctx: ToolContext<NoDeps>) {
    const answer = await requireInput(
      ctx,
      'elicit',
    )({
      key: 'user_name',
      message: 'What is your name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    });
    const name = answer.action === 'accept' ? String(answer.content.name) : 'stranger';
    return `Hello, ${name}!`;
  }
}
