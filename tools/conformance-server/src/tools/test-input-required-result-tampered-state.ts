import { BaseTool, defineToolMetadata, type ToolContext } from '@toolsmith/core';
import { z } from 'zod';
import type { NoDeps } from '../fixture-data.ts';
import { requireInput } from './require-input.ts';

const Params = z.object({});

/**
 * Conformance fixture `test_input_required_result_tampered_state` (SEP-2322): the first round
 * returns HMAC-signed requestState (core's); a modified one is refused with -32602.
 */
export class InputRequiredTamperedStateTool extends BaseTool<NoDeps, typeof Params> {
  static override readonly METADATA = defineToolMetadata({
    name: 'test_input_required_result_tampered_state',
    description: 'Tests that tampered requestState is rejected (SEP-2322)',
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
      key: 'confirm',
      message: 'Please confirm',
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    });
    return `Confirmation ${answer.action}.`;
  }
}
