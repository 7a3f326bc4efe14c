import { BaseTool, defineToolMetadata, type ToolContext } from '@toolsmith/core';
import { z } from 'zod';
import type { NoDeps } from '../fixture-data.ts';
import { elicitAndReport } from './elicit-tool.ts';

const Params = z.object({});

/**
 * Conformance fixture `test_streaming_elicitation` (server-stateless, SEP-2575): asks the user; on
 * a 2026-07-28 request the question must come back as an input-required result, never as an
 * independent request on the response stream.
 */
export class StreamingElicitationTool extends BaseTool<NoDeps, typeof Params> {
  static override readonly METADATA = defineToolMetadata({
    name: 'test_streaming_elicitation',
    description: 'Asks the user a question while the call is in flight',
    category: 'conformance',
    annotations: { readOnlyHint: true },
  });

  override getParamsSchema() {
    return Params;
  }

  async execute(_params: z.output<typeof Params>, ctx: ToolContext<NoDeps>) {
    return elicitAndReport(
      ctx,
      {
        message: 'Please confirm',
        requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
      },
      'Elicitation completed',
    );
  }
}
