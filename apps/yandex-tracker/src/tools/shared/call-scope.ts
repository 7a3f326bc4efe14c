/**
 * Where a call's reference values are scoped: the queue it works in (components and fields are
 * per queue), also from inside a nested object (bulk `values`, a permission), whose own params do
 * not name the queue.
 */
import type { ToolContext } from '@toolsmith/core';
import type { Ref } from '../../api/dto/tracker-types.ts';
import type { TrackerDeps } from '../../deps.ts';

type Ctx = ToolContext<TrackerDeps>;
type Params = Record<string, unknown>;

export const ISSUE_KEY = /^[A-Z][A-Z0-9]*-\d+$/;

/** Where a nested resolver (bulk `values`, a permission) keeps the whole call's params for scopes. */
export const OUTER_PARAMS = Symbol.for('toolsmith.tracker.outer-params');

/** The params a scope is read from: the whole call's, also inside a nested object. */
export function callParams(params: Params, ctx: Ctx): Params {
  const outer = (ctx as unknown as Record<symbol, unknown>)[OUTER_PARAMS] as Params | undefined;
  return outer ?? params;
}

/** The queue of an issue key (`DEMO-12` → DEMO), or of an issue id with one GET. */
export async function queueOfIssue(ctx: Ctx, issueId: string): Promise<string | undefined> {
  if (ISSUE_KEY.test(issueId)) return issueId.slice(0, issueId.lastIndexOf('-'));
  try {
    const issue = await ctx.deps.client.get<{ queue?: Ref }>(`/v3/issues/${encodeURIComponent(issueId)}`, {
      query: { fields: 'queue' },
      signal: ctx.signal,
    });
    return issue.queue?.key;
  } catch {
    return undefined;
  }
}

/**
 * The one queue a call works in: the target of a move, the `queueId`, the issue's queue, or the
 * queue all of `issueIds` share. Undefined when the call spans queues or names none.
 */
export async function callQueue(params: Params, ctx: Ctx): Promise<string | undefined> {
  const p = callParams(params, ctx);
  for (const key of ['targetQueueId', 'queueId']) {
    if (typeof p[key] === 'string') return (p[key] as string).toUpperCase();
  }
  if (typeof p['issueId'] === 'string') return queueOfIssue(ctx, p['issueId']);
  if (Array.isArray(p['issueIds'])) {
    const keys = p['issueIds'].filter((k): k is string => typeof k === 'string');
    const queues = new Set(keys.map((k) => (ISSUE_KEY.test(k) ? k.slice(0, k.lastIndexOf('-')) : '?')));
    if (queues.size === 1 && !queues.has('?')) return [...queues][0];
  }
  return undefined;
}
