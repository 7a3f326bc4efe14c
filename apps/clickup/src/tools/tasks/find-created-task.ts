/**
 * A create whose answer was lost (a timeout, a dropped connection, a 5xx) may still have made the
 * task, so sending it again could make it twice. ClickUp's POST /list/{id}/task takes no client
 * token or idempotency key, so the task is looked for by what the call fixes: its list, its name
 * and a creation time since the call started. When it does not turn up, the outcome is unknown and
 * the agent is told how to check before creating it again.
 */
import {
  buildToolName,
  failureInBrief,
  isAmbiguousFailure,
  outcomeUnknown,
  type OutcomeCheck,
} from '@toolsmith/core';
import type { ApiTask } from '../../api/dto/task-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { ClickUpCtx } from '../clickup-context.ts';

/** Allowance for ClickUp's clock being behind this machine's. */
const CLOCK_SKEW_MS = 5000;

export interface CreateCall {
  listId: string;
  name: string;
  /** When the create was sent (ms since the epoch). */
  since: number;
}

/** Either the task the lost create made, or why none was found (`failure`: the look-up failed). */
export type CreatedLookup = { task: ApiTask; failure?: undefined } | { task?: undefined; failure?: string };

/** A failure after which the task may exist though no answer said so. */
export const lostAnswer = isAmbiguousFailure;

/** How to see whether a create in `listId` named `name` made its task. */
export function createdTaskCheck(listId: string, name: string, what = 'the task was created'): OutcomeCheck {
  return {
    done: what,
    tool: buildToolName('get_list_tasks', TOOL_PREFIX),
    args: { list_id: listId, include_closed: true, subtasks: true },
    lookFor: `${JSON.stringify(name)} among the newest tasks`,
  };
}

/** The newest tasks of the list created since the call started, searched for the name. */
export async function findCreatedTask(ctx: ClickUpCtx, call: CreateCall): Promise<CreatedLookup> {
  try {
    const { tasks } = await ctx.deps.client.get<{ tasks: ApiTask[] }>(
      `/list/${encodeURIComponent(call.listId)}/task`,
      {
        query: {
          order_by: 'created',
          subtasks: 'true',
          include_closed: 'true',
          date_created_gt: call.since - CLOCK_SKEW_MS,
        },
        signal: ctx.signal,
      },
    );
    const task = tasks.find((t) => t.name.trim() === call.name.trim());
    return task ? { task } : {};
  } catch (error) {
    return { failure: failureInBrief(error) };
  }
}

/**
 * The text of a lost create whose task did not turn up: the outcome is unknown, and how to check.
 * Replaces the error's message (its class, status and request id stay).
 */
export function unknownOutcome<E>(error: E, call: CreateCall, lookup: CreatedLookup, tool: string): E {
  const since = new Date(call.since - CLOCK_SKEW_MS).toISOString();
  const looked =
    lookup.failure === undefined
      ? `no task named ${JSON.stringify(call.name)} created since ${since} is in the list yet (ClickUp may still be making it)`
      : `looking for it failed as well (${lookup.failure})`;
  return outcomeUnknown(error, tool, createdTaskCheck(call.listId, call.name), { looked, api: 'ClickUp' });
}
