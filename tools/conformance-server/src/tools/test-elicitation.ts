import { BaseTool, defineToolMetadata, type ToolContext } from '@toolsmith/core';
import { z } from 'zod';
import type { NoDeps } from '../fixture-data.ts';
import { elicitAndReport } from './elicit-tool.ts';

const Params = z.object({ message: z.string().describe('The message to show the user') });

/** Conformance fixture `test_elicitation`: asks the user for a username and an email. */
export class ElicitationTool extends BaseTool<NoDeps, typeof Params> {
  static override readonly METADATA = defineToolMetadata({
    name: 'test_elicitation',
    description: 'Tests server-initiated elicitation (user input request)',
    category: 'conformance',
    annotations: { readOnlyHint: true },
  });

  override getParamsSchema() {
    return Params;
  }

  async execute({ message }: z.output<typeof Params>, ctx: ToolContext<NoDeps>) {
    return elicitAndReport(
      ctx,
      {
        message,
        requestedSchema: {
          type: 'object',
          properties: {
            username: { type: 'string', description: "User's response" },
            email: { type: 'string', description: "User's email address" },
          },
          required: ['username', 'email'],
        },
      },
      'User response',
    );
  }
}
