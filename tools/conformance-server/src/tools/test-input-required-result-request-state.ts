import { BaseTool, defineToolMetadata, type ToolContext } from '@toolsmith/core';
import { z } from 'zod';
import type { NoDeps } from '../fixture-data.ts';
import { requireInput } from './require-input.ts';

const Params = z.object({});

/**
 * Conformance fixture `test_input_required_result_request_state` (SEP-2322). Core signs every
 * round's requestState and verifies the echoed one before the tool runs again (a tampered or
 * foreign state never reaches it), so an answered round here means the state was valid.
 */
export class InputRequiredRequestStateTool extends BaseTool<NoDeps, typeof Params> {
  static override readonly METADATA = defineToolMetadata({
    name: 'test_input_required_result_request_state',
    description: 'Tests requestState round-tripping in input-required results (SEP-2322)',
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
    return `state-ok: confirmation ${answer.action}`;
  }
}
