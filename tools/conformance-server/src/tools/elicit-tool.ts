/** Shared by the elicitation fixtures: asks once, reports the answer as the suite expects. */
import { ToolsmithError, type ElicitationRequest, type ToolContext } from '@toolsmith/core';
import type { NoDeps } from '../fixture-data.ts';

export async function elicitAndReport(
  ctx: ToolContext<NoDeps>,
  request: ElicitationRequest,
  prefix: string,
): Promise<string> {
  if (!ctx.elicit) {
    throw new ToolsmithError({
      code: 'elicitation_unsupported',
      message: 'This tool asks the user a question: call it from a client that supports elicitation.',
      userFacing: true,
    });
  }
  const answer = await ctx.elicit(request);
  const content = answer.action === 'accept' ? answer.content : {};
  return `${prefix}: action=${answer.action}, content=${JSON.stringify(content)}`;
}
