/**
 * The Workspace's plan, which some endpoints depend on: guests need Enterprise ([doc: Invite Guest
 * To Workspace] and the other guest pages: "only available to Workspaces on our Enterprise Plan"),
 * time-tracking labels need Business or above ([doc: Update a time Entry]: "Users on the Business
 * Plan and above can include a time tracking label"). `state.plan` sets it (absent: Enterprise, so
 * everything works); `reset()` restores the seed's.
 *
 * `GET /team/{id}/plan` answers `{plan_name, plan_id}` ([doc: Get Workspace Plan]: Enterprise is
 * 4; the other ids are the emulator's choice). What ClickUp answers an endpoint the plan lacks is
 * documented nowhere (the research names no code): the emulator answers 403 with the feature and
 * the plan it needs in `err` and ECODE `PLAN_001` — the emulator's choice; a client must key on the
 * status and the word "plan", not on the code.
 */
import { ClickUpHttpError } from './clickup-error.ts';
import type { ClickUpState } from './clickup-state.ts';

export const PLANS = ['free', 'unlimited', 'business', 'business_plus', 'enterprise'] as const;
export type PlanName = (typeof PLANS)[number];

export const PLAN_INFO: Record<PlanName, { name: string; id: number }> = {
  free: { name: 'Free Forever', id: 1 },
  unlimited: { name: 'Unlimited', id: 2 },
  business: { name: 'Business', id: 3 },
  enterprise: { name: 'Enterprise', id: 4 },
  business_plus: { name: 'Business Plus', id: 5 },
};

export const planOf = (state: ClickUpState): PlanName => state.plan ?? 'enterprise';

/** Throws the plan error unless the Workspace's plan is `least` or above. */
export function requirePlan(state: ClickUpState, least: PlanName, feature: string): void {
  if (PLANS.indexOf(planOf(state)) >= PLANS.indexOf(least)) return;
  throw new ClickUpHttpError(
    403,
    `${feature} requires the ${PLAN_INFO[least].name} Plan or above; this Workspace is on the ${PLAN_INFO[planOf(state)].name} Plan`,
    'PLAN_001',
  );
}
