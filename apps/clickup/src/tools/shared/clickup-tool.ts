/**
 * The one base of every ClickUp tool: core's guarded path (strict parsing at every depth, the
 * declared values — entities, dates, durations — resolved against the server's reference data,
 * conversions announced) and, for the tools bound to a command of the knowledge pack
 * (`static KNOWLEDGE`), the pack's validators as the validate step. ClickUp gives `""` no meaning
 * of its own, so an empty string is refused unless a field declares what it means. Tools reach the
 * API only through `ctx.deps.client`; their checks that read the workspace (a parent in another
 * list, a tag the space lacks…) go in `beforeExecute`, before anything is sent.
 */
import type { AnyZodObject, GuardPolicy, ToolContext } from '@toolsmith/core';
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
}
