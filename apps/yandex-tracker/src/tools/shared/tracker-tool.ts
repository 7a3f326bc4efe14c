/**
 * The base of every Tracker tool: core's BaseTool (validation, `fields` projection, output budget,
 * error conversion) plus the server's queue policy, checked before anything is sent:
 * - `YANDEX_TRACKER_QUEUES` (allow-list): a call touching any other queue is refused;
 * - `YANDEX_TRACKER_READ_ONLY_QUEUES`: a write touching one of those queues is refused.
 * The queues a call touches come from `queueId`/`targetQueueId` and the issue keys in
 * `issueId`/`issueIds`/`targetIssueId`; a 24-digit issue id is resolved with one GET when a policy is set.
 *
 * Every Tracker tool is on core's guarded path: parameters that name an entity are `ref(kind)`s
 * resolved against `deps.references` (shared/references.ts), dates are `when()`, durations
 * `duration()`, list changes `change()`; empty strings are refused unless a field says what "" means.
 */
import {
  BaseTool,
  ToolsmithError,
  type AnyZodObject,
  type ParamsDeclaration,
  type ParamsOf,
  type ParamsValidation,
  type ToolContext,
} from '@toolsmith/core';
import type { TrackerDeps } from '../../deps.ts';
import { confirmIrreversible } from './confirmation.ts';
import { explainListShapes, explainUnionBranches } from './list-shapes.ts';
import { ISSUE_KEY_PATTERN } from './params.ts';

export class QueueAccessError extends ToolsmithError {
  constructor(message: string) {
    super({ code: 'queue_not_allowed', message, userFacing: true });
    this.name = 'QueueAccessError';
  }
}

export function queueOfKey(issueId: string): string | undefined {
  return ISSUE_KEY_PATTERN.test(issueId) ? issueId.slice(0, issueId.lastIndexOf('-')) : undefined;
}

/** Refuses a queue outside the allow-list, or a write to a read-only queue. */
export function assertQueueAccess(config: TrackerDeps['config'], queue: string, write: boolean): void {
  if (config.queues && !config.queues.includes(queue)) {
    throw new QueueAccessError(
      `Queue ${queue} is not available on this server (allowed queues: ${config.queues.join(', ')}). Work in one of those queues, or ask the operator to add ${queue} to YANDEX_TRACKER_QUEUES.`,
    );
  }
  if (write && config.readOnlyQueues.includes(queue)) {
    throw new QueueAccessError(
      `Queue ${queue} is read-only on this server (YANDEX_TRACKER_READ_ONLY_QUEUES): it can be read but not changed. Nothing was changed.`,
    );
  }
}

export function policyActive(config: TrackerDeps['config']): boolean {
  return config.queues !== undefined || config.readOnlyQueues.length > 0;
}

export abstract class TrackerTool<
  TParams extends ParamsDeclaration = AnyZodObject,
  TOutput = unknown,
> extends BaseTool<TrackerDeps, TParams, TOutput> {
  /** The Tracker API gives "" no meaning of its own: refused unless a field declares `emptyMeans`. */
  protected override guardPolicy() {
    return { refuseEmpty: true };
  }

  /** True for tools that change data (from the required `readOnlyHint` annotation). */
  get writes(): boolean {
    return !this.metadata.annotations.readOnlyHint;
  }

  /**
   * Issue ids and queue keys this call touches. The default reads the shared param names; tools
   * with other shapes (batches of objects) override it.
   */
  protected touched(params: ParamsOf<TParams>): { issueIds: string[]; queues: string[] } {
    const p = params as Record<string, unknown>;
    const issueIds = [
      p['issueId'],
      p['targetIssueId'],
      ...(Array.isArray(p['issueIds']) ? p['issueIds'] : []),
    ].filter((v): v is string => typeof v === 'string');
    const queues = [p['queueId'], p['targetQueueId']].filter((v): v is string => typeof v === 'string');
    return { issueIds, queues };
  }

  /** A list field given one string (`tags: {add: "x"}`) is answered with the exact form to send. */
  override validateParams(args: unknown): ParamsValidation<ParamsOf<TParams>> {
    const validate = (value: unknown) => super.validateParams(value);
    const explained = explainListShapes(validate(args), args, validate, this.name);
    return explainUnionBranches(explained, args, this.getParamsSchema(), this.name);
  }

  /**
   * The user's yes before an irreversible change (confirmation.ts): every tool that declares
   * `destructiveHint: true` takes `confirm: confirmParam()` and awaits this in `execute` before its
   * first write, with a question naming exactly what will be done.
   */
  protected confirmIrreversible(
    ctx: ToolContext<TrackerDeps>,
    params: { confirm?: boolean | undefined },
    question: string,
  ): Promise<void> {
    return confirmIrreversible(ctx, this.name, params.confirm, question);
  }

  /** Batch tools check each item themselves so one refused item does not fail the batch. */
  protected checksQueuesPerItem(): boolean {
    return false;
  }

  protected override async beforeExecute(params: ParamsOf<TParams>, ctx: ToolContext<TrackerDeps>) {
    const { config } = ctx.deps;
    if (!policyActive(config) || this.checksQueuesPerItem()) return;
    const { issueIds, queues } = this.touched(params);
    for (const queue of queues) assertQueueAccess(config, queue, this.writes);
    for (const issueId of issueIds) {
      await assertIssueAccess(ctx, issueId, this.writes);
    }
  }
}

/** Checks the queue of one issue (by key, or by id with one GET). */
export async function assertIssueAccess(
  ctx: ToolContext<TrackerDeps>,
  issueId: string,
  write: boolean,
): Promise<void> {
  const { config, client } = ctx.deps;
  if (!policyActive(config)) return;
  let queue = queueOfKey(issueId);
  if (queue === undefined) {
    const issue = await client.get<{ queue?: { key?: string } }>(
      `/v3/issues/${encodeURIComponent(issueId)}`,
      {
        query: { fields: 'queue' },
        signal: ctx.signal,
      },
    );
    queue = issue.queue?.key;
  }
  if (queue !== undefined) assertQueueAccess(config, queue, write);
}
