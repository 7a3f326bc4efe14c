/**
 * Endpoints the Workspace's plan may lack (guests: Enterprise; time-tracking labels: Business and
 * above; user groups: by plan). ClickUp's refusal is documented nowhere (research §2.3 names no
 * code): a 4xx whose words mention the plan. It becomes one message the agent can relay — what
 * needs which plan, the plan the Workspace is on (`GET /team/{id}/plan`, best effort), that nothing
 * was changed and who can change it.
 */
import { ApiError } from '@toolsmith/core';
import type { ClickUpCtx } from '../tools/clickup-context.ts';

/** Whether ClickUp refused the call for the Workspace's plan. */
export function isPlanLimit(error: unknown): error is ApiError {
  return (
    ApiError.isInstance(error) &&
    error.status >= 400 &&
    error.status < 500 &&
    /\bplans?\b/i.test(error.message)
  );
}

/**
 * `work()`, with a plan refusal rewritten: "<feature> needs ClickUp's <least> plan or above;
 * workspace … is on …". Any other error as it was.
 */
export async function withPlanLimit<T>(
  ctx: ClickUpCtx,
  feature: string,
  least: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isPlanLimit(error)) throw error;
    const teamId = await ctx.deps.client.teamId(ctx.signal);
    const plan = await ctx.deps.client
      .get<{ plan_name?: string }>(`/team/${encodeURIComponent(teamId)}/plan`, { signal: ctx.signal })
      .then(
        (p) => p.plan_name,
        () => undefined,
      );
    throw new ApiError(
      `${feature} needs ClickUp's ${least} plan or above, and workspace ${teamId} is ${plan ? `on the ${plan} plan` : 'not'}: ClickUp refused, nothing was changed. Tell the user; a workspace owner can upgrade the plan in ClickUp (Settings → Billing). ClickUp said: ${error.message}`,
      { status: error.status, method: error.method, url: error.url },
    );
  }
}
