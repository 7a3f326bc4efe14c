import { BaseTool, defineToolMetadata, type ToolContext } from '@toolsmith/core';
import { z } from 'zod';
import type { NoDeps } from '../fixture-data.ts';

const Params = z.object({});

/**
 * Conformance fixture `test_logging_tool` (server-stateless, SEP-2575): logs at every level; a
 * 2026-07-28 request that sets no log level in its `_meta` must receive none of it.
 */
export class LoggingTool extends BaseTool<NoDeps, typeof Params> {
  static override readonly METADATA = defineToolMetadata({
    name: 'test_logging_tool',
    description: 'Logs at every level (a client gets log notifications only at the level it asked for)',
    category: 'conformance',
    annotations: { readOnlyHint: true },
  });

  override getParamsSchema() {
    return Params;
  }

  async execute(_params: z.output<typeof Params>, ctx: ToolContext<NoDeps>) {
    ctx.logger.debug('debug message from test_logging_tool');
    ctx.logger.info('info message from test_logging_tool');
    ctx.logger.warn('warning message from test_logging_tool');
    ctx.logger.error('error message from test_logging_tool');
    return 'Logged at every level';
  }
}
