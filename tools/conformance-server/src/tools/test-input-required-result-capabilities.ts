import {
  BaseTool,
  defineToolMetadata,
  MissingClientCapabilityError,
  type ToolContext,
} from '@toolsmith/core';
import { z } from 'zod';
import type { NoDeps } from '../fixture-data.ts';

const Params = z.object({});

/**
 * Conformance fixture `test_input_required_result_capabilities` (SEP-2322): asks only what the
 * client declared it can answer (`ctx.elicit` / `ctx.sample` / `ctx.listRoots` exist only then).
 */
export class InputRequiredCapabilitiesTool extends BaseTool<NoDeps, typeof Params> {
  static override readonly METADATA = defineToolMetadata({
    name: 'test_input_required_result_capabilities',
    description: 'Tests that input requests follow the client capabilities (SEP-2322)',
    category: 'conformance',
    annotations: { readOnlyHint: true },
  });

  override getParamsSchema() {
    return Params;
  }

  async execute(_params: z.output<typeof Params>, ctx: ToolContext<NoDeps>) {
    const asks: Promise<unknown>[] = [];
    if (ctx.elicit) {
      asks.push(
        ctx.elicit({
          key: 'user_name',
          message: 'What is your name?',
          requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
        }),
      );
    }
    if (ctx.sample) {
      asks.push(
        ctx.sample({
          key: 'greeting',
          messages: [{ role: 'user', content: { type: 'text', text: 'Generate a greeting' } }],
          maxTokens: 50,
        }),
      );
    }
    if (ctx.listRoots) asks.push(ctx.listRoots({ key: 'client_roots' }));
    if (asks.length === 0) {
      throw new MissingClientCapabilityError(
        { elicitation: {}, sampling: {}, roots: {} },
        'This tool needs at least one of the client capabilities elicitation, sampling or roots.',
      );
    }
    const answers = await Promise.all(asks);
    return `Received ${answers.length} answer(s).`;
  }
}
