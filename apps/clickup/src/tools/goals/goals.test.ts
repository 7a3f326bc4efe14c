import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AnyTool } from '@toolsmith/core';
import { describeAreaDefinitions } from '../../__fixtures__/area-definitions.ts';
import { emulatedClickUp, type EmulatedClickUp } from '../../__fixtures__/emulated-clickup.ts';
import type { ClickUpDeps } from '../../deps.ts';
import { CreateGoalTool } from './create-goal.tool.ts';
import { GetGoalTool } from './get-goal.tool.ts';
import { GetGoalsTool } from './get-goals.tool.ts';
import { goalTools } from './index.ts';

describeAreaDefinitions('goals', goalTools);

type Result = { isError?: boolean; content: { type: string; text?: string }[] };
/** Every block of the answer (the `converted:` / `assumed:` line first, when there is one). */
const text = (result: Result) => result.content.map((c) => c.text ?? '').join('\n');
/** The data: the answer's last block. */
const last = (result: Result) => result.content.at(-1)?.text ?? '';
const json = <T = Record<string, unknown>>(result: Result) => {
  expect(result.isError).toBeFalsy();
  return JSON.parse(last(result)) as T;
};

describe('goals tools against the emulator', () => {
  let clickup: EmulatedClickUp;
  beforeAll(async () => {
    clickup = await emulatedClickUp();
  });
  afterAll(() => clickup.close());

  const run = (tool: AnyTool<ClickUpDeps>, args: Record<string, unknown>) =>
    tool.run(args, clickup.ctx()) as Promise<Result>;

  it('clickup_get_goals / get_goal: compact list, then one goal with its key results', async () => {
    const { items, total } = json<{ items: { id: string }[]; total: number }>(
      await run(new GetGoalsTool(), {}),
    );
    expect(total).toBe(1);
    expect(items[0]).toEqual({
      id: items[0]!.id,
      name: 'Ship 1.0',
      due: '2026-02-04T09:00:00.000Z',
      percent: 0,
      owners: ['Alice Martin'],
    });
    expect(json(await run(new GetGoalTool(), { goal_id: items[0]!.id }))).toEqual({
      id: items[0]!.id,
      name: 'Ship 1.0',
      due: '2026-02-04T09:00:00.000Z',
      percent: 0,
      owners: ['Alice Martin'],
      description: 'Everything in Sprint 1 done.',
      start: '2025-12-26T09:00:00.000Z',
      url: 'https://app.clickup.com/9015123456/goals/1',
      keyResults: [],
    });
  });

  it('clickup_get_goal: an unknown id says where to find one', async () => {
    const missing = await run(new GetGoalTool(), { goal_id: '00000000-0000-4000-8000-000000000000' });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toContain(
      '"00000000-0000-4000-8000-000000000000" is not a goal. Valid goals: c1c0a000-0000-4000-8000-000300000001 (Ship 1.0).',
    );
  });

  it('clickup_create_goal: made with its owners and due date, then listed', async () => {
    const goal = json<{ id: string }>(
      await run(new CreateGoalTool(), {
        name: 'Halve build time',
        due_date: '2026-03-31',
        description: 'CI under five minutes.',
        owners: [81000002],
      }),
    );
    expect(goal).toMatchObject({
      name: 'Halve build time',
      // A date alone: midnight in the user's zone (America/New_York, UTC−4 in summer).
      due: '2026-03-31T04:00:00.000Z',
      owners: ['Bob Chen'],
      description: 'CI under five minutes.',
    });
    const { items } = json<{ items: { id: string }[] }>(await run(new GetGoalsTool(), {}));
    expect(items.map((g) => g.id)).toContain(goal.id);
    const badDate = await run(new CreateGoalTool(), { name: 'x', due_date: 'when pigs fly' });
    expect(badDate.isError).toBe(true);
    expect(text(badDate)).toContain('ISO 8601');
  });
});
