import { BaseTool, defineToolMetadata } from '@toolsmith/core';
import { z } from 'zod';
import { ToolsmithError } from '@toolsmith/core';
import type { NoDeps } from '../fixture-data.ts';

const Params = z.object({});

/** Conformance fixture `test_error_handling`. */
export class ErrorHandlingTool extends BaseTool<NoDeps, typeof Params> {
  static override readonly METADATA = defineToolMetadata({
    name: 'test_error_handling',
    description: 'Tests error response handling',
    category: 'conformance',
    annotations: { readOnlyHint: true },
  });

  override getParamsSchema() {
    return Params;
  }

  async execute(): Promise<never> {
    // A user-facing toolsmith error ends the call with an isError result carrying its message.
    throw new ToolsmithError({
      code: 'intentional_error',
      message: 'This tool intentionally returns an error for testing',
      userFacing: true,
    });
  }
}
