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
 *    applied to the params — all of them, and only when there is no error — and the answer says what
 *    was converted, so the agent sends the right values next time.
 *
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
  isToolResponse,
  toolResponse,
  type AnyZodObject,
  type InferSchemaOutput,
  type ToolContext,
  type ToolResponse,
} from '@toolsmith/core';
import { toValidationError, type ToolValidationHelper } from '../runtime/tool-validation-helper.ts';
import { formatConversionNote, type ValueConversion } from '../runtime/value-conversions.ts';
import type { ContextSource } from '../validation-context/validation-context.ts';

export interface KnowledgeBinding {
  /** Id of the tool definition (`clickup`). */
  toolId: string;
  /** The command this tool implements (`create_task`). */
  command: string;
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

/** What `beforeExecute` learnt about a call, for `execute`'s answer and its failure. */
interface CallState {
  readonly contextIds: readonly string[];
  readonly conversions: readonly ValueConversion[];
}

type Execute<TDeps, TParams extends AnyZodObject, TOutput> = (
  params: InferSchemaOutput<TParams>,
  ctx: ToolContext<TDeps>,
) => Promise<TOutput | string | ToolResponse<TOutput>>;

export abstract class KnowledgeTool<
  TDeps extends KnowledgeDeps = KnowledgeDeps,
  TParams extends AnyZodObject = AnyZodObject,
  TOutput = unknown,
> extends BaseTool<TDeps, TParams, TOutput> {
  /** The definition and command this tool implements. */
  static readonly KNOWLEDGE?: KnowledgeBinding;

  /** Keyed by the params object BaseTool passes to both `beforeExecute` and `execute`. */
  readonly #calls = new WeakMap<object, CallState>();

  constructor() {
    super();
    // Core has no hook after `execute`: wrap this instance's `execute` once, to add the conversion
    // note to its answer and report its failure to the context. (A subclass defining `execute` as
    // a class field instead of a method replaces the wrapper; define it as a method.)
    const self = this as unknown as { execute: Execute<TDeps, TParams, TOutput> };
    const execute = self.execute;
    self.execute = (params, ctx) => this.#execute(execute, params, ctx);
  }

  /** The binding of this tool (its class's `KNOWLEDGE`; override for dynamic tools). */
  get knowledgeBinding(): KnowledgeBinding | undefined {
    return (this.constructor as { KNOWLEDGE?: KnowledgeBinding }).KNOWLEDGE;
  }

  protected override async beforeExecute(
    params: InferSchemaOutput<TParams>,
    ctx: ToolContext<TDeps>,
  ): Promise<void> {
    const binding = this.knowledgeBinding;
    if (!binding) return;
    const validator = await ctx.deps.knowledge.validatorFor(binding.toolId);
    const input = params as Record<string, unknown>;
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
    if (contextIds.length > 0 || conversions.length > 0) this.#calls.set(input, { contextIds, conversions });
  }

  async #execute(
    execute: Execute<TDeps, TParams, TOutput>,
    params: InferSchemaOutput<TParams>,
    ctx: ToolContext<TDeps>,
  ): Promise<TOutput | string | ToolResponse<TOutput>> {
    const state = this.#calls.get(params as object);
    this.#calls.delete(params as object);
    let output: TOutput | string | ToolResponse<TOutput>;
    try {
      output = await execute.call(this, params, ctx);
    } catch (error) {
      if (state && state.contextIds.length > 0)
        ctx.deps.knowledgeContext?.reportError(error, params as Record<string, unknown>, state.contextIds);
      await this.#addHints(error, ctx);
      throw error;
    }
    if (state === undefined) return output;
    if (state.conversions.length === 0) return output;
    const note = { type: 'text' as const, text: formatConversionNote(state.conversions) };
    if (typeof output === 'string') return `${note.text}\n\n${output}`;
    if (isToolResponse(output))
      return toolResponse({ content: [note, ...(output.content ?? [])], data: output.data });
    return toolResponse({ content: [note], data: output });
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
