/**
 * The one base of every ClickUp tool: core's guarded path (strict parsing at every depth, the
 * declared values — entities, dates, durations — resolved against the server's reference data,
 * conversions announced) and, for the tools bound to a command of the knowledge pack
 * (`static KNOWLEDGE`), the pack's validators as the validate step. ClickUp gives `""` no meaning
 * of its own, so an empty string is refused unless a field declares what it means. Tools reach the
 * API only through `ctx.deps.client`; their checks that read the workspace (a parent in another
 * list, a tag the space lacks…) go in `beforeExecute`, before anything is sent.
 *
 * Workspaces: a tool whose schema has `team_id` works in one workspace. Before the guarded path the
 * call's workspace is chosen — the `team_id` given (an id or a name; core's `ref('workspace')` then
 * converts and announces a name, or refuses a workspace the user is not in, with the ones they are
 * in), else the server's default (CLICKUP_TEAM_ID), else the only workspace the user is in — and the
 * call runs on that workspace's deps (its client, reference data, validators' context). A user in
 * several workspaces who names none is refused with the choices, before anything is sent.
 *
 * A tool whose write cannot be repeated safely (a create: ClickUp takes no idempotency key) says in
 * core's `outcomeCheck` how to see whether a call whose answer was lost took effect; a timeout, a
 * broken connection or a 5xx to its write is then answered "outcome unknown" with that check, never
 * "try again" (core's tool/outcome-unknown.ts).
 */
import {
  errorResult,
  indexEntities,
  matchEntity,
  ToolsmithError,
  ValidationError,
  type AnyZodObject,
  type GuardPolicy,
  type ParamsDeclaration,
  type ParamsOf,
  type ParamsValidation,
  type RunOptions,
  type ToolCallResult,
} from '@toolsmith/core';
import { KnowledgeTool } from '@toolsmith/executable-knowledge';
import { workspaceRequired, type Workspace } from '../../api/workspace-errors.ts';
import type { ClickUpDeps } from '../../deps.ts';
import type { ClickUpCtx } from '../clickup-context.ts';

export abstract class ClickUpTool<
  TParams extends ParamsDeclaration = AnyZodObject,
  TOutput = unknown,
> extends KnowledgeTool<ClickUpDeps, TParams, TOutput> {
  protected override guardPolicy(): GuardPolicy {
    return { refuseEmpty: true };
  }

  /** Whether the tool works in one workspace (its schema has `team_id`). */
  get takesWorkspace(): boolean {
    return Object.hasOwn((this.getParamsSchema() as { shape: object }).shape, 'team_id');
  }

  /** Arguments parsed by `run` to choose the workspace, handed to core's parse step (once each). */
  readonly #parsed = new WeakMap<object, ParamsValidation<ParamsOf<TParams>>>();

  override validateParams(args: unknown): ParamsValidation<ParamsOf<TParams>> {
    if (args !== null && typeof args === 'object') {
      const parsed = this.#parsed.get(args);
      if (parsed) {
        this.#parsed.delete(args);
        return parsed;
      }
    }
    return super.validateParams(args);
  }

  /** The call on the deps of its workspace (see the module comment); the guarded path as core runs it. */
  override async run(args: unknown, ctx: ClickUpCtx, options?: RunOptions): Promise<ToolCallResult> {
    if (!this.takesWorkspace || args === null || typeof args !== 'object')
      return super.run(args, ctx, options);
    // Invalid arguments are refused by core's parse, before any request (the workspaces included).
    const validation = super.validateParams(args);
    if (!validation.success) return super.run(args, ctx, options);
    this.#parsed.set(args, validation);
    let deps: ClickUpDeps;
    try {
      deps = await workspaceDeps(this.name, validation.data as Record<string, unknown>, ctx);
    } catch (error) {
      this.#parsed.delete(args);
      if (!ToolsmithError.isInstance(error) || !error.userFacing) throw error;
      ctx.logger.info('tool call failed', { tool: this.name, code: error.code });
      return errorResult(error.toToolText());
    }
    return super.run(args, deps === ctx.deps ? ctx : { ...ctx, deps }, options);
  }

  /**
   * The validate step (the pack's validators, for a bound tool). Refusals name fields the way core
   * does (`custom_fields.0.value`, not the pack's `custom_fields[0].value`): one path syntax in
   * every answer.
   */
  protected override async beforeExecute(params: ParamsOf<TParams>, ctx: ClickUpCtx): Promise<void> {
    try {
      await super.beforeExecute(params, ctx);
    } catch (error) {
      throw dotPaths(error, this.name);
    }
  }
}

/**
 * The deps of the call's workspace. A `team_id` that names none of the user's workspaces keeps the
 * caller's deps: core's `ref('workspace')` refuses it, listing theirs, before anything is sent.
 */
async function workspaceDeps(toolName: string, params: Record<string, unknown>, ctx: ClickUpCtx) {
  const { deps } = ctx;
  const given = params['team_id'];
  if (typeof given === 'string') {
    // A workspace joined since the list was read is found on a second, fresh read.
    const found =
      named(given, await deps.client.workspaces(ctx.signal)) ??
      named(given, await deps.client.workspaces(ctx.signal, { fresh: true }));
    return found === undefined ? deps : deps.inWorkspace(found);
  }
  // The server's default workspace: the one the caller's own client works in (a signed-in user's
  // only when they are in it).
  const fallback = deps.config.teamId;
  if (fallback !== undefined && deps.caller === 'server') return deps;
  const workspaces = await deps.client.workspaces(ctx.signal);
  if (fallback !== undefined && workspaces.some((w) => w.id === fallback)) return deps;
  if (workspaces.length === 1) {
    // Its client resolves to that one (unannounced) — unless it was fixed to a default not theirs.
    return fallback === undefined ? deps : deps.inWorkspace(workspaces[0]!.id);
  }
  throw workspaceRequired(toolName, workspaces);
}

/** The id of the one workspace `value` names (its id, or its name in any case); else undefined. */
function named(value: string, workspaces: readonly Workspace[]): string | undefined {
  const match = matchEntity(
    indexEntities({ records: workspaces.map((w) => ({ value: w.id, names: [w.name] })) }),
    value,
  );
  return match.kind === 'exact' || match.kind === 'converted' ? String(match.record.value) : undefined;
}

const BRACKETS = /\[(\d+)\]/g;

function dotPaths(error: unknown, toolName: string): unknown {
  if (!ValidationError.isInstance(error) || !error.issues.some((i) => /\[\d+\]/.test(i.field))) return error;
  return new ValidationError({
    toolName,
    issues: error.issues.map((i) => ({ ...i, field: i.field.replace(BRACKETS, '.$1') })),
  });
}
