import { BaseTool, defineToolMetadata } from '@toolsmith/core';
import { z } from 'zod';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ToolContext } from '@toolsmith/core';
import type { NoDeps } from '../fixture-data.ts';

const Params = z.object({});

/** Conformance fixture `test_tool_with_logging`. */
export class ToolWithLoggingTool extends BaseTool<NoDeps, typeof Params> {
  static override readonly METADATA = defineToolMetadata({
    name: 'test_tool_with_logging',
    description: 'Tests tool that emits log messages during execution',
    category: 'conformance',
    annotations: { readOnlyHint: true },
  });

  override getParamsSchema() {
    return Params;
  }

  async execute(_params: z.output<typeof Params>, ctx: ToolContext<NoDeps>) {
    ctx.logger.info('Tool execution started');
    await sleep(50, undefined, { signal: ctx.signal });
    ctx.logger.info('Tool processing data');
    await sleep(50, undefined, { signal: ctx.signal });
    ctx.logger.info('Tool execution completed');
    return 'Tool with logging executed successfully';
  }
}
