import { BaseTool, defineToolMetadata, type ToolContext } from '@toolsmith/core';
import { z } from 'zod';
import type { NoDeps } from '../fixture-data.ts';
import { requireInput } from './require-input.ts';

const Params = z.object({});

/** Conformance fixture `test_input_required_result_list_roots` (SEP-2322): asks for the client's roots. */
export class InputRequiredListRootsTool extends BaseTool<NoDeps, typeof Params> {
  static override readonly METADATA = defineToolMetadata({
    name: 'test_input_required_result_list_roots',
    description: 'Tests an input-required result with one roots/list request (SEP-2322)',
    category: 'conformance',
    annotations: { readOnlyHint: true },
  });

  override getParamsSchema() {
    return Params;
  }

  async execute(_params: z.output<typeof Params>, ctx: ToolContext<NoDeps>) {
    const roots = await requireInput(ctx, 'listRoots')({ key: 'client_roots' });
    return `The client has ${roots.length} root(s): ${roots.map((r) => r.uri).join(', ') || 'none'}`;
  }
}
