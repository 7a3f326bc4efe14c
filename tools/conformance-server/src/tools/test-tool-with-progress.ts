import { BaseTool, defineToolMetadata } from '@toolsmith/core';
import { z } from 'zod';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ToolContext } from '@toolsmith/core';
import type { NoDeps } from '../fixture-data.ts';

const Params = z.object({});

/** Conformance fixture `test_tool_with_progress`. */
export class ToolWithProgressTool extends BaseTool<NoDeps, typeof Params> {
  static override readonly METADATA = defineToolMetadata({
    name: 'test_tool_with_progress',
    description: 'Tests tool that reports progress notifications',
    category: 'conformance',
    annotations: { readOnlyHint: true },
  });

  override getParamsSchema() {
    return Params;
  }

  async execute(_params: z.output<typeof Params>, ctx: ToolContext<NoDeps>) {
    for (const progress of [0, 50, 100]) {
      if (progress > 0) await sleep(50, undefined, { signal: ctx.signal });
      await ctx.progress.report({ progress, total: 100, message: `Completed step ${progress} of 100` });
    }
    return 'Tool with progress executed successfully';
  }
}
