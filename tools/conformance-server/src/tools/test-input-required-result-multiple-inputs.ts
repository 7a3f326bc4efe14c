import { BaseTool, defineToolMetadata, type ToolContext } from '@toolsmith/core';
import { z } from 'zod';
import type { NoDeps } from '../fixture-data.ts';
import { requireInput } from './require-input.ts';

const Params = z.object({});

/**
 * Conformance fixture `test_input_required_result_multiple_inputs` (SEP-2322): three questions
 * asked together (`Promise.all`) go to the client in one round.
 */
export class InputRequiredMultipleInputsTool extends BaseTool<NoDeps, typeof Params> {
  static override readonly METADATA = defineToolMetadata({
    name: 'test_input_required_result_multiple_inputs',
    description: 'Tests several input requests in one input-required result (SEP-2322)',
    category: 'conformance',
    annotations: { readOnlyHint: true },
  });

  override getParamsSchema() {
    return Params;
  }

  async execute(_params: z.output<typeof Params>, ctx: ToolContext<NoDeps>) {
    const [name, greeting, roots] = await Promise.all([
      requireInput(
        ctx,
        'elicit',
      )({
        key: 'user_name',
        message: 'What is your name?',
        requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      }),
      requireInput(
        ctx,
        'sample',
      )({
        key: 'greeting',
        messages: [{ role: 'user', content: { type: 'text', text: 'Generate a greeting' } }],
        maxTokens: 50,
      }),
      requireInput(ctx, 'listRoots')({ key: 'client_roots' }),
    ]);
    const who = name.action === 'accept' ? String(name.content.name) : 'stranger';
    const text = greeting.content.type === 'text' ? greeting.content.text : 'Hello';
    return `${text}, ${who}! (${roots.length} root(s))`;
  }
}
