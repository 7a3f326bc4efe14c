/** `GET /team/{team_id}/plan` ([doc: Get Workspace Plan]): the plan `state.plan` sets (../plan.ts). */
import { PLAN_INFO, planOf } from '../plan.ts';
import { requireTeam } from '../route-helpers.ts';
import { v2, type ClickUpRoute } from '../router.ts';

export function planRoutes(): ClickUpRoute[] {
  return [
    v2('GET', '/team/:team_id/plan', (ctx) => {
      requireTeam(ctx);
      const { name, id } = PLAN_INFO[planOf(ctx.state)];
      return { plan_name: name, plan_id: id };
    }),
  ];
}
