/**
 * Key results ([doc: Create Key Result, Edit Key Result, Delete Key Result]; research §1.1 lists the
 * tools): `POST /goal/{goal_id}/key_result` with `{name, owners, type, steps_start, steps_end, unit}`,
 * `PUT /key_result/{key_result_id}` with `{steps_current, note}` (and `name`), `DELETE
 * /key_result/{key_result_id}`; answers wrap it in `{key_result}`. A goal shows its key results, and
 * its progress is their mean. Type `automatic` (progress from tasks or lists) is stored but not
 * computed. keyResult* webhook events are not sent (emulator's gap). A missing goal or key result is
 * 404, a bad body 400 (emulator's choice of words: the research shows neither).
 */
import { badRequest, notFound } from '../clickup-error.ts';
import type { ClickUpState, KeyResultRecord } from '../clickup-state.ts';
import { nextUuid } from '../ids.ts';
import { ms, userRef } from '../render.ts';
import { objectBody, v2, type ClickUpRoute, type RouteContext } from '../router.ts';

const TYPES: readonly KeyResultRecord['type'][] = [
  'number',
  'currency',
  'boolean',
  'percentage',
  'automatic',
];

export function keyResultPercent(k: KeyResultRecord): number {
  const span = k.stepsEnd - k.stepsStart;
  if (span === 0) return k.stepsCurrent >= k.stepsEnd ? 100 : 0;
  return Math.max(0, Math.min(100, Math.round(((k.stepsCurrent - k.stepsStart) / span) * 100)));
}

export function renderKeyResult(state: ClickUpState, k: KeyResultRecord) {
  const goal = state.goals.find((g) => g.id === k.goalId);
  return {
    id: k.id,
    goal_id: k.goalId,
    name: k.name,
    type: k.type,
    unit: k.unit,
    creator: k.creator,
    date_created: ms(k.dateCreated),
    goal_pretty_id: goal?.prettyId ?? null,
    percent_completed: keyResultPercent(k),
    completed: keyResultPercent(k) === 100,
    task_ids: [],
    subcategory_ids: [],
    owners: k.owners.map((id) => userRef(state, id)),
    steps_start: k.stepsStart,
    steps_end: k.stepsEnd,
    steps_current: k.stepsCurrent,
    last_action: k.note === '' ? null : { note: k.note, steps_current: k.stepsCurrent },
  };
}

const numberIn = (body: Record<string, unknown>, name: string): number => {
  const value = body[name];
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) throw badRequest(`${name} must be a number`);
  return n;
};

export function keyResultRoutes(): ClickUpRoute[] {
  const find = (ctx: RouteContext) => {
    const found = (ctx.state.keyResults ?? []).find((k) => k.id === ctx.params['key_result_id']);
    if (!found) throw notFound('Key result');
    return found;
  };
  return [
    v2('POST', '/goal/:goal_id/key_result', (ctx) => {
      const goal = ctx.state.goals.find((g) => g.id === ctx.params['goal_id']);
      if (!goal) throw notFound('Goal');
      const body = objectBody(ctx.request);
      if (typeof body['name'] !== 'string' || body['name'].trim() === '')
        throw badRequest('Key result name invalid');
      const type = body['type'] as KeyResultRecord['type'];
      if (!TYPES.includes(type)) throw badRequest(`type must be one of ${TYPES.join(', ')}`);
      const [stepsStart, stepsEnd] =
        type === 'boolean' ? [0, 1] : [numberIn(body, 'steps_start'), numberIn(body, 'steps_end')];
      const owners = Array.isArray(body['owners']) ? body['owners'].map(Number) : [];
      const keyResult: KeyResultRecord = {
        id: nextUuid(ctx.state, 'keyResult'),
        goalId: goal.id,
        name: body['name'],
        type,
        unit: typeof body['unit'] === 'string' ? body['unit'] : '',
        stepsStart,
        stepsEnd,
        stepsCurrent: stepsStart,
        owners: owners.filter((id) => ctx.state.users.some((u) => u.id === id)),
        creator: ctx.me,
        dateCreated: ctx.now,
        note: '',
      };
      (ctx.state.keyResults ??= []).push(keyResult);
      return { key_result: renderKeyResult(ctx.state, keyResult) };
    }),
    v2('PUT', '/key_result/:key_result_id', (ctx) => {
      const keyResult = find(ctx);
      const body = objectBody(ctx.request);
      const current = body['steps_current'] === undefined ? undefined : numberIn(body, 'steps_current');
      if (body['name'] !== undefined && (typeof body['name'] !== 'string' || body['name'].trim() === ''))
        throw badRequest('Key result name invalid');
      if (current !== undefined) keyResult.stepsCurrent = current;
      if (typeof body['name'] === 'string') keyResult.name = body['name'];
      if (typeof body['note'] === 'string') keyResult.note = body['note'];
      return { key_result: renderKeyResult(ctx.state, keyResult) };
    }),
    v2('DELETE', '/key_result/:key_result_id', (ctx) => {
      const keyResult = find(ctx);
      ctx.state.keyResults = (ctx.state.keyResults ?? []).filter((k) => k !== keyResult);
      return {};
    }),
  ];
}
