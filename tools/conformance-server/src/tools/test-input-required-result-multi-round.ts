import { BaseTool, defineToolMetadata, type ToolContext } from '@toolsmith/core';
import { z } from 'zod';
import type { NoDeps } from '../fixture-data.ts';
import { requireInput } from './require-input.ts';

const Params = z.object({});

/**
 * Conformance fixture `test_input_required_result_multi_round` (SEP-2322): two questions asked one
 * after the other take two rounds; the first answer travels in the signed requestState.
 */
export class InputRequiredMultiRoundTool extends BaseTool<NoDeps, typeof Params> {
  static override readonly METADATA = defineToolMetadata({
    name: 'test_input_required_result_multi_round',
    description: 'Tests a multi-round input-required flow with evolving requestState (SEP-2322)',
    category: 'conformance',
    annotations: { readOnlyHint: true },
  });

  override getParamsSchema() {
    return Params;
  }

  async execute(_params: z.output<typeof Params>, ctx: ToolContext<NoDeps>) {
    const elicit = requireInput(ctx, 'elicit');
    const name = await elicit({
      key: 'step1',
      message: 'Step 1: What is your name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    });
    const color = await elicit({
      key: 'step2',
      message: 'Step 2: What is your favorite color?',
      requestedSchema: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
    });
    const value = (answer: typeof name, field: string) =>
      answer.action === 'accept' ? String(answer.content[field]) : `(${answer.action})`;
    return `${value(name, 'name')} likes ${value(color, 'color')}.`;
  }
}
