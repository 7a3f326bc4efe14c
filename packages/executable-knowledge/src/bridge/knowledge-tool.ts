/**
 * The bridge to `@toolsmith/core`: a BaseTool that declares which tool definition and command it
 * implements. Before `execute`:
 *
 * 1. the call context the command declares (`commands[].context`: the target list, its fields, the
 *    workspace members…) is fetched through the server's context providers — cached, shared across
 *    calls — when `ctx.deps.knowledgeContext` is set;
 * 2. the command's validators (declarative checks in the host, functions in the sandbox, which
 *    get the context as plain data) and anti-pattern rules run on the validated params; failures come
 *    back as an `isError` result whose lines carry the anti-pattern guidance (wrong form, correct
 *    form, why), and nothing is sent;
 * 3. the conversions the validators proposed (label → option id, "me" → user id, status case) are
 *    applied to the params — all of them, and only when there is no error — and recorded on the
 *    call, so the answer's `converted:` line says what was converted.
 *
 * These are core's hooks of the guarded path (`beforeExecute` is its *validate* step,
 * `translateError` its *translate errors* step), so a pack-guarded tool is an ordinary BaseTool:
 * parse, references and times are resolved by core first, the pack sees resolved values.
 * When `execute` fails, the error is reported to the context: a provider whose `isStale` accepts it
 * (ClickUp `ITEM_114` "Status does not exist") drops its cached entry, and the next call refetches.
 *
 *   class CreateTaskTool extends KnowledgeTool<ClickUpDeps, typeof CreateTaskParams> {
 *     static override readonly METADATA = defineToolMetadata({ … });
 *     static override readonly KNOWLEDGE = { toolId: 'clickup', command: 'create_task' };
 *     …
 *   }
 *
 * The tool's dependencies provide the knowledge: `ctx.deps.knowledge` is anything with
 * `validatorFor(toolId)` — a ToolResolver created with a sandbox pool — and the optional
 * `ctx.deps.knowledgeContext` a `ValidationContext` holding the server's context providers.
 */
import {
  BaseTool,
  type AnyZodObject,
  type ParamsDeclaration,
  type ParamsOf,
  type RuntimeRequirement,
  type ToolContext,
} from '@toolsmith/core';
import { toValidationError, type ToolValidationHelper } from '../runtime/tool-validation-helper.ts';
import type { ContextSource } from '../validation-context/validation-context.ts';

export interface KnowledgeBinding {
  /** Id of the tool definition (`clickup`). */
  toolId: string;
  /** The command this tool implements (`create_task`). */
  command: string;
  /**
   * The parameters only the pack can judge (custom field values, say): its validators run when the
   * call sets at least one of them. Default: on every call. Core's guarded path has already checked
   * the shapes, references, times and durations; a command whose other checks are about those need
   * not pay a sandbox round trip for calls that carry nothing else.
   */
  validates?: readonly string[];
}

export interface KnowledgeSource {
  validatorFor(toolId: string): Promise<ToolValidationHelper>;
}

/**
 * Searchable knowledge (e.g. `@toolsmith/knowledge-search`'s `createKnowledgeHints`): the entries that
 * explain an error a command got, as short text. When the API refuses a call the validators let
 * through, the answer gains these lines, so the agent reads the cause and the fix with the error.
 */
export interface KnowledgeHints {
  /** Text within about `maxTokens` tokens (characters ÷ 4), or undefined when nothing relevant is known. */
  hintsFor(
    query: { toolId: string; command: string; error: string },
    options: { maxTokens: number; signal?: AbortSignal },
  ): Promise<string | undefined>;
}

/** Tokens of knowledge a failed call's answer may gain. */
export const HINT_TOKENS = 300;

export interface KnowledgeDeps {
  knowledge: KnowledgeSource;
  /** Knowledge that explains an API error (see KnowledgeHints); without it errors go out as they are. */
  knowledgeHints?: KnowledgeHints;
  /**
   * The server's call context (a `ValidationContext`): fills the context entries commands declare.
   * Without it, validators get an empty context and check the arguments alone.
   */
  knowledgeContext?: ContextSource;
}

/** What `beforeExecute` learnt about a call, kept on the call's record for `translateError`. */
const CONTEXT_IDS = Symbol('knowledge context ids');

export abstract class KnowledgeTool<
  TDeps extends KnowledgeDeps = KnowledgeDeps,
  TParams extends ParamsDeclaration = AnyZodObject,
  TOutput = unknown,
> extends BaseTool<TDeps, TParams, TOutput> {
  /** The definition and command this tool implements; a tool without one skips the pack. */
  static readonly KNOWLEDGE?: KnowledgeBinding;

  /** The binding of this tool (its class's `KNOWLEDGE`; override for dynamic tools). */
  get knowledgeBinding(): KnowledgeBinding | undefined {
    return (this.constructor as { KNOWLEDGE?: KnowledgeBinding }).KNOWLEDGE;
  }

  /**
   * What the tool needs of the runtime: with a binding, also `node-addons` — its pack's validators
   * run in the isolated-vm sandbox, which loads in Node only. A server that would serve it elsewhere
   * (Bun, Deno, Workers, through core's web-standard handler) refuses to start, naming it.
   */
  override get requires(): readonly RuntimeRequirement[] {
    const declared = super.requires;
    return this.knowledgeBinding && !declared.includes('node-addons')
      ? [...declared, 'node-addons']
      : declared;
  }

  /**
   * The *validate* step of the guarded path: the command's validators (with the context it declares)
   * and anti-pattern rules run on the parsed, resolved params; their conversions are applied and
   * recorded on the call, which the answer announces.
   */
  protected override async beforeExecute(params: ParamsOf<TParams>, ctx: ToolContext<TDeps>): Promise<void> {
    const binding = this.knowledgeBinding;
    if (!binding) return;
    const input = params as Record<string, unknown>;
    if (binding.validates && !binding.validates.some((key) => input[key] !== undefined)) return;
    const validator = await ctx.deps.knowledge.validatorFor(binding.toolId);
    const source = ctx.deps.knowledgeContext;
    const declared = validator.contextFor(binding.command);
    const contextIds = source ? declared : [];
    let context: Record<string, unknown> | undefined;
    if (source && contextIds.length > 0) {
      const resolved = await source.resolve(contextIds, input, { signal: ctx.signal });
      for (const failure of resolved.failures) {
        ctx.logger.warn('knowledge context unavailable: validating without it', {
          tool: this.name,
          context: failure.id,
          error: failure.error,
        });
      }
      context = resolved.data;
    }
    const result = await validator.validate(binding.command, input, {
      signal: ctx.signal,
      ...(context ? { context } : {}),
    });
    if (!result.valid) throw toValidationError(this.name, result);
    // BaseTool hands `execute` the same params object (Zod's output, owned by this call): replace
    // the converted top-level arguments in it. Values below them were copied, never mutated.
    const conversions = result.conversions ?? [];
    const converted = result.input ?? input;
    for (const key of new Set(conversions.map((c) => topLevelKey(c.path)))) input[key] = converted[key];
    for (const c of conversions) ctx.call?.convert(c.path, c.from, c.to, c.reason);
    if (contextIds.length > 0) ctx.call?.state.set(CONTEXT_IDS, contextIds);
  }

  /**
   * The *translate errors* step: a failure tells the context which cached entries were stale, and an
   * error the agent is shown gains what the knowledge says about it.
   */
  protected override async translateError(
    error: unknown,
    params: ParamsOf<TParams>,
    ctx: ToolContext<TDeps>,
  ): Promise<unknown> {
    const contextIds = ctx.call?.state.get(CONTEXT_IDS) as readonly string[] | undefined;
    if (contextIds && contextIds.length > 0)
      ctx.deps.knowledgeContext?.reportError(error, params as Record<string, unknown>, contextIds);
    await this.#addHints(error, ctx);
    return error;
  }
  /**
   * An error the agent is shown (an API refusal, not a bug) gains the knowledge that explains it, when
   * the server has searchable knowledge; looking it up never changes the error otherwise.
   */
  async #addHints(error: unknown, ctx: ToolContext<TDeps>): Promise<void> {
    const binding = this.knowledgeBinding;
    const hints = ctx.deps.knowledgeHints;
    if (!binding || !hints || !isUserFacingError(error)) return;
    try {
      const text = await hints.hintsFor(
        { toolId: binding.toolId, command: binding.command, error: error.message },
        { maxTokens: HINT_TOKENS, signal: ctx.signal },
      );
      if (text) error.message = `${error.message}\n\nWhat the knowledge says about it:\n${text}`;
    } catch (lookup) {
      ctx.logger.warn('knowledge hints unavailable', { tool: this.name, error: lookup });
    }
  }
}

/** An error written for the agent (ToolsmithError's `userFacing`), not a bug. */
function isUserFacingError(error: unknown): error is Error & { userFacing: true } {
  return error instanceof Error && (error as { userFacing?: unknown }).userFacing === true;
}

/** `custom_fields[1].value` → `custom_fields`. */

function topLevelKey(path: string): string {
  const end = path.search(/[.[]/);
  return end === -1 ? path : path.slice(0, end);
}
