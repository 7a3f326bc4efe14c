/**
 * The one base of every ClickUp tool: core's guarded path (strict parsing at every depth, the
 * declared values — entities, dates, durations — resolved against the server's reference data,
 * conversions announced) and, for the tools bound to a command of the knowledge pack
 * (`static KNOWLEDGE`), the pack's validators as the validate step. ClickUp gives `""` no meaning
 * of its own, so an empty string is refused unless a field declares what it means. Tools reach the
 * API only through `ctx.deps.client`; their checks that read the workspace (a parent in another
 * list, a tag the space lacks…) go in `beforeExecute`, before anything is sent.
 *
 * A tool whose write cannot be repeated safely (a create: ClickUp takes no idempotency key) says in
 * core's `outcomeCheck` how to see whether a call whose answer was lost took effect; a timeout, a
 * broken connection or a 5xx to its write is then answered "outcome unknown" with that check, never
 * "try again" (core's tool/outcome-unknown.ts).
 */
import {
  ValidationError,
  type AnyZodObject,
  type GuardPolicy,
  type InferSchemaOutput,
  type ToolContext,
} from '@toolsmith/core';
import { KnowledgeTool } from '@toolsmith/executable-knowledge';
import type { ClickUpDeps } from '../../deps.ts';

export type ClickUpCtx = ToolContext<ClickUpDeps>;

export abstract class ClickUpTool<
  TParams extends AnyZodObject = AnyZodObject,
  TOutput = unknown,
> extends KnowledgeTool<ClickUpDeps, TParams, TOutput> {
  protected override guardPolicy(): GuardPolicy {
    return { refuseEmpty: true };
  }

  /**
   * The validate step (the pack's validators, for a bound tool). Refusals name fields the way core
   * does (`custom_fields.0.value`, not the pack's `custom_fields[0].value`): one path syntax in
   * every answer.
   */
  protected override async beforeExecute(
    params: InferSchemaOutput<TParams>,
    ctx: ToolContext<ClickUpDeps>,
  ): Promise<void> {
    try {
      await super.beforeExecute(params, ctx);
    } catch (error) {
      throw dotPaths(error, this.name);
    }
  }
}

const BRACKETS = /\[(\d+)\]/g;

function dotPaths(error: unknown, toolName: string): unknown {
  if (!ValidationError.isInstance(error) || !error.issues.some((i) => /\[\d+\]/.test(i.field))) return error;
  return new ValidationError({
    toolName,
    issues: error.issues.map((i) => ({ ...i, field: i.field.replace(BRACKETS, '.$1') })),
  });
}
