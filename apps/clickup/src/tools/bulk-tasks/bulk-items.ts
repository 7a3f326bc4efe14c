/**
 * Many tasks in one call, each on the guarded path of its single-task tool (task-steps.ts):
 *
 * 1. every item is parsed strictly, its values resolved in its own scope (the statuses of its own
 *    task's list, the tags of its space) and checked by the tool's own checks — reads only;
 * 2. one refused item refuses the whole call, naming `<param>.<index>.<field>`, and nothing is
 *    written;
 * 3. then the writes run, a few items at once (the HTTP client's cap and its wait for ClickUp's
 *    rate-limit reset under them), with a progress notification as each settles;
 * 4. the answer says how many succeeded and how many failed, each success with its id and URL, each
 *    failure with why and what to do. A call whose every item failed is an error.
 */
import {
  CallRecord,
  planOf,
  resolveGuarded,
  runBatch,
  ToolsmithError,
  ValidationError,
  type AnyZodSchema,
  type FieldIssue,
} from '@toolsmith/core';
import type { ClickUpCtx } from '../clickup-context.ts';
import type { TaskStep } from './task-steps.ts';

/**
 * Items written at once. The HTTP client caps requests in flight (CLICKUP_CONCURRENCY, default 4)
 * and waits for ClickUp's rate-limit reset; an item takes one to three requests, so more items at
 * once would only queue there, and progress would jump.
 */
const ITEMS_AT_ONCE = 4;

export interface BulkItem {
  /** The item's params for the single-task tool. */
  readonly args: Record<string, unknown>;
  /** How the answer names the item's task (its reference as given), when it has one. */
  readonly task?: string;
}

/** An item ready to write: its resolved params and the context its checks ran in. */
export interface Prepared<P> {
  readonly index: number;
  readonly task?: string;
  readonly params: P;
  readonly ctx: ClickUpCtx;
}

export interface PrepareOptions<P> {
  /** The param that holds the items, named when there are more than CLICKUP_MAX_BATCH. */
  field: string;
  /** Where a field of item `index` is named in a refusal (`tasks.2.status`, `task_ids.2`). */
  where: (index: number, field: string) => string;
  /**
   * A check beyond the tool's own (e.g. that the task exists), made before anything is written; its
   * refusals name fields by their whole path (`field(name)`). It may return what the item is (a
   * task's id and label): two items that are the same are refused, the later one naming the first.
   */
  check?: (params: P, ctx: ClickUpCtx, field: (name: string) => string) => Promise<Identity | void>;
}

/** What an item acts on, for the refusal of two items that act on the same. */
export interface Identity {
  readonly key: string;
  readonly label: string;
  /** The field that names it. */
  readonly field: string;
}

const prefixed = (issues: readonly FieldIssue[], where: (field: string) => string) =>
  issues.map((issue) => ({ ...issue, field: where(issue.field) }));

/**
 * Runs every item through `step`'s guarded path without its write. Refuses the call, with every
 * item's problems, when one is refused; a read that failed otherwise (the API down, the rate limit)
 * fails the call as it is. Conversions are announced under the item's path.
 */
export async function prepareItems<P extends object>(
  step: TaskStep<P>,
  items: readonly BulkItem[],
  ctx: ClickUpCtx,
  options: PrepareOptions<P>,
): Promise<Prepared<P>[]> {
  const issues: FieldIssue[] = [];
  const errors: unknown[] = [];
  const identities: Identity[] = [];
  const plan = planOf(step.getParamsSchema() as AnyZodSchema);
  const prepared = await runBatch(
    items,
    async (item, index): Promise<Prepared<P> | undefined> => {
      const at = (field: string) => options.where(index, field);
      const validation = step.validateParams(item.args);
      if (!validation.success) {
        issues.push(...prefixed(validation.error.issues, at));
        return undefined;
      }
      const params = validation.data;
      const record = new CallRecord(item.args);
      const itemCtx: ClickUpCtx = { ...ctx, call: record };
      try {
        if (plan?.guarded) {
          await resolveGuarded({
            plan,
            params: params as Record<string, unknown>,
            ctx: itemCtx,
            record,
            source: ctx.deps.references,
            toolName: ctx.toolName,
          });
        }
        await step.prepare(params, itemCtx);
      } catch (error) {
        if (!ValidationError.isInstance(error)) {
          errors.push(error);
          return undefined;
        }
        issues.push(...prefixed(error.issues, at));
        return undefined;
      }
      let identity: Identity | void;
      try {
        identity = await options.check?.(params, itemCtx, at);
      } catch (error) {
        if (ValidationError.isInstance(error)) issues.push(...error.issues);
        else errors.push(error);
        return undefined;
      }
      if (identity) identities[index] = identity;
      for (const c of record.conversions) ctx.call?.convert(at(c.field), c.from, c.to, c.note);
      for (const a of record.assumptions) ctx.call?.assume(a);
      return { index, ...(item.task !== undefined ? { task: item.task } : {}), params, ctx: itemCtx };
    },
    {
      field: options.field,
      idOf: () => undefined,
      max: ctx.deps.config.maxBatch,
      maxSetting: 'CLICKUP_MAX_BATCH',
      concurrency: ITEMS_AT_ONCE,
      signal: ctx.signal,
    },
  );
  if (errors.length > 0) throw errors[0];
  const first = new Map<string, Identity>();
  for (const identity of identities) {
    if (identity === undefined) continue;
    const earlier = first.get(identity.key);
    if (earlier === undefined) first.set(identity.key, identity);
    else
      issues.push({
        field: identity.field,
        message: `is ${identity.label} again, as ${earlier.field}: give each task once. Nothing was written.`,
      });
  }
  if (issues.length > 0) {
    const seen = new Set<string>();
    issues.sort((a, b) => a.field.localeCompare(b.field, 'en', { numeric: true }));
    const unique = issues.filter(
      (i) => !seen.has(`${i.field}\n${i.message}`) && seen.add(`${i.field}\n${i.message}`),
    );
    throw new ValidationError({
      toolName: ctx.toolName,
      issues: unique,
      message: `${ValidationError.format(ctx.toolName, unique)}\nNothing was written: every item is checked before the first write. Fix these items and send the whole call again.`,
    });
  }
  return prepared.successful.filter((p): p is Prepared<P> => p !== undefined);
}

/** The answer of a bulk call: how many of how many, each success and each failure. */
export interface BulkAnswer<R> {
  summary: string;
  succeeded: number;
  failed: number;
  successful: R[];
  failures: Array<{ index: number; task?: string; error: string }>;
}

/** Every item of a bulk call failed: the answer is an error, listing each. */
export class BulkFailedError extends ToolsmithError {
  constructor(message: string) {
    super({ code: 'bulk_failed', message, userFacing: true });
    this.name = 'BulkFailedError';
  }
}

export interface WriteOptions<P, R> {
  /** What was done to each, in the past tense: "created", "updated", "moved", "deleted". */
  verb: string;
  /** The answer's entry of an item that succeeded. */
  view: (output: unknown, item: Prepared<P>) => R;
}

/** Writes every prepared item (see the module comment) and answers how many succeeded. */
export async function writeItems<P extends object, R extends object>(
  step: TaskStep<P>,
  prepared: readonly Prepared<P>[],
  ctx: ClickUpCtx,
  options: WriteOptions<P, R>,
): Promise<BulkAnswer<R & { index: number }>> {
  const total = prepared.length;
  const noun = (n: number) => `${n} task${n === 1 ? '' : 's'}`;
  const result = await runBatch(
    prepared,
    async (item) => {
      try {
        const output = await step.execute(item.params, item.ctx);
        return { index: item.index, ...options.view(output, item) };
      } catch (error) {
        throw await step.translate(error, item.params, item.ctx);
      }
    },
    {
      field: 'items',
      idOf: (item) => item.index,
      idField: 'index',
      max: Number.MAX_SAFE_INTEGER, // counted by prepareItems
      concurrency: ITEMS_AT_ONCE,
      signal: ctx.signal,
      onSettled: (done) =>
        ctx.progress.report({ progress: done, total, message: `${done} of ${noun(total)} ${options.verb}` }),
    },
  );
  const tasks = new Map(prepared.map((p) => [p.index, p.task]));
  const failures = result.failed
    .map((f) => {
      const index = f['index'] as number;
      const task = tasks.get(index);
      return { index, ...(task !== undefined ? { task } : {}), error: f.error };
    })
    .sort((a, b) => a.index - b.index);
  const successful = result.successful.sort((a, b) => a.index - b.index);
  if (successful.length === 0) {
    // One item: its own answer (an "outcome unknown" stays one). More: every failure, by index.
    if (total === 1 && failures[0]) throw new BulkFailedError(failures[0].error);
    throw new BulkFailedError(
      [
        `None of the ${noun(total)} ${total === 1 ? 'was' : 'were'} ${options.verb}:`,
        ...failures.map((f) => `- item ${f.index}${f.task ? ` (${f.task})` : ''}: ${f.error}`),
      ].join('\n'),
    );
  }
  const summary =
    failures.length === 0
      ? `All ${noun(total)} ${options.verb}.`
      : `${successful.length} of ${noun(total)} ${options.verb}; ${failures.length} failed (see failures: why, and what to do). Send only the failed items again.`;
  return { summary, succeeded: successful.length, failed: failures.length, successful, failures };
}
