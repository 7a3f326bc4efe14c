/** The Workspace's time-tracking labels (`GET /team/{id}/time_entries/tags`) and the plan they need. */
import { withPlanLimit } from '../../api/plan-limit.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { timeEntriesPath } from './time-params.ts';

export interface ApiTimeEntryTag {
  name: string;
  tag_fg?: string;
  tag_bg?: string;
  creator?: number;
}

export const toTimeEntryTagView = (t: ApiTimeEntryTag) => ({
  name: t.name,
  ...(t.tag_fg ? { fg: t.tag_fg } : {}),
  ...(t.tag_bg ? { bg: t.tag_bg } : {}),
});

export async function timeEntryTags(ctx: ClickUpCtx): Promise<ApiTimeEntryTag[]> {
  const { data } = await ctx.deps.client.get<{ data: ApiTimeEntryTag[] }>(
    await timeEntriesPath(ctx, '/tags'),
    {
      signal: ctx.signal,
    },
  );
  return data;
}

/** `work()` with ClickUp's plan refusal said as such: labels need the Business plan or above. */
export const labelsPlan = <T>(ctx: ClickUpCtx, work: () => Promise<T>) =>
  withPlanLimit(ctx, 'Time-tracking labels', 'Business', work);
