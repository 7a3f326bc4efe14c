/**
 * Goals: `GET/POST /team/{team_id}/goal` (`?include_completed=`), `GET/PUT/DELETE /goal/{goal_id}`.
 * Answers wrap the goal in `{goal}`; the list is `{goals, folders}`. Fires goalCreated / goalUpdated /
 * goalDeleted (research §4.1).
 */
import { badRequest, notFound } from '../clickup-error.ts';
import type { GoalRecord, KeyResultRecord } from '../clickup-state.ts';
import { nextCounter, nextUuid } from '../ids.ts';
import { ms, userRef } from '../render.ts';
import { readTeam, requireTeam } from '../route-helpers.ts';
import { keyResultPercent, renderKeyResult } from './key-results.ts';
import { objectBody, v2, type ClickUpRoute, type RouteContext } from '../router.ts';

export function goalRoutes(): ClickUpRoute[] {
  const render = (ctx: RouteContext, g: GoalRecord) => ({
    id: g.id,
    pretty_id: g.prettyId,
    name: g.name,
    team_id: ctx.state.team.id,
    creator: g.creator,
    owner: userRef(ctx.state, g.owners[0] ?? g.creator),
    color: g.color,
    pretty_url: `https://app.clickup.com/${ctx.state.team.id}/goals/${g.prettyId}`,
    date_created: ms(g.dateCreated),
    start_date: ms(g.startDate),
    due_date: ms(g.dueDate),
    description: g.description,
    private: false,
    archived: false,
    multiple_owners: g.multipleOwners,
    folder_id: null,
    members: [],
    owners: g.owners.map((id) => userRef(ctx.state, id)),
    key_results: (ctx.state.keyResults ?? [])
      .filter((k) => k.goalId === g.id)
      .map((k) => renderKeyResult(ctx.state, k)),
    percent_completed: percentOf(ctx.state.keyResults ?? [], g.id),
    history: [],
  });
  const findGoal = (ctx: RouteContext) => {
    const goal = ctx.state.goals.find((g) => g.id === ctx.params['goal_id']);
    if (!goal) throw notFound('Goal');
    return goal;
  };
  const apply = (goal: GoalRecord, body: Record<string, unknown>) => {
    if (typeof body['name'] === 'string' && body['name'].trim() !== '') goal.name = body['name'];
    if (typeof body['description'] === 'string') goal.description = body['description'];
    if (typeof body['due_date'] === 'number') goal.dueDate = body['due_date'];
    if (typeof body['color'] === 'string') goal.color = body['color'];
    const owners = body['add_owners'] ?? body['owners'];
    if (Array.isArray(owners)) goal.owners = [...new Set([...goal.owners, ...owners.map(Number)])];
    if (Array.isArray(body['rem_owners'])) {
      const removed = body['rem_owners'].map(Number);
      goal.owners = goal.owners.filter((id) => !removed.includes(id));
    }
  };
  return [
    v2('GET', '/team/:team_id/goal', (ctx) => {
      if (!readTeam(ctx)) return { goals: [], folders: [] };
      return { goals: ctx.state.goals.map((g) => render(ctx, g)), folders: [] };
    }),
    v2('POST', '/team/:team_id/goal', (ctx) => {
      requireTeam(ctx);
      const body = objectBody(ctx.request);
      if (typeof body['name'] !== 'string' || body['name'].trim() === '')
        throw badRequest('Goal name invalid');
      const goal: GoalRecord = {
        id: nextUuid(ctx.state, 'goal'),
        prettyId: String(nextCounter(ctx.state, 'goalPrettyId', 2)),
        name: body['name'],
        creator: ctx.me,
        owners: [],
        color: '#32a852',
        description: '',
        dueDate: ctx.now + 30 * 86_400_000,
        startDate: null,
        dateCreated: ctx.now,
        multipleOwners: body['multiple_owners'] === true,
      };
      apply(goal, body);
      ctx.state.goals.push(goal);
      ctx.webhooks.resourceEvent('goalCreated', 'goal_id', goal.id, {});
      return { goal: render(ctx, goal) };
    }),
    v2('GET', '/goal/:goal_id', (ctx) => ({ goal: render(ctx, findGoal(ctx)) })),
    v2('PUT', '/goal/:goal_id', (ctx) => {
      const goal = findGoal(ctx);
      apply(goal, objectBody(ctx.request));
      ctx.webhooks.resourceEvent('goalUpdated', 'goal_id', goal.id, {});
      return { goal: render(ctx, goal) };
    }),
    v2('DELETE', '/goal/:goal_id', (ctx) => {
      const goal = findGoal(ctx);
      ctx.state.goals = ctx.state.goals.filter((g) => g !== goal);
      if (ctx.state.keyResults)
        ctx.state.keyResults = ctx.state.keyResults.filter((k) => k.goalId !== goal.id);
      ctx.webhooks.resourceEvent('goalDeleted', 'goal_id', goal.id, {});
      return {};
    }),
  ];
}

/** A goal's progress: the mean of its key results' (0 without any). */
function percentOf(keyResults: readonly KeyResultRecord[], goalId: string): number {
  const own = keyResults.filter((k) => k.goalId === goalId);
  return own.length === 0 ? 0 : Math.round(own.reduce((sum, k) => sum + keyResultPercent(k), 0) / own.length);
}
