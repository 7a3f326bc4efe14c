/**
 * BaseTool: a tool is a class with static metadata, a Zod params schema and `execute()`.
 *
 * BaseTool — not each tool — owns everything around `execute`: argument validation with per-field
 * errors, the generated MCP definition, `fields` projection, the output budget with a recovery hint,
 * error classification (tool error vs programmer error), cancellation and timing. Tools return data
 * or throw meaningful errors; they never build error results or try/catch boilerplate.
 */
import {
  compactJsonSchema,
  generateDefinitionFromSchema,
  validateSchemaDefinitionMatch,
} from '../definition/index.ts';
import type {
  AnyZodObject,
  DefinitionMismatch,
  SchemaToDefinitionOptions,
  ToolInputSchema,
} from '../definition/types.ts';
import { CancelledError } from '../errors/cancelled-error.ts';
import { TimeoutError } from '../errors/timeout-error.ts';
import { ToolDefinitionError } from '../errors/tool-definition-error.ts';
import { ToolsmithError } from '../errors/toolsmith-error.ts';
import type { ValidationError } from '../errors/validation-error.ts';
import { CallRecord } from '../guard/call-record.ts';
import type { InputPolicy } from '../guard/check-input.ts';
import { resolveGuarded } from '../guard/guard-call.ts';
import { ReferenceSource } from '../guard/reference-source.ts';
import { planOf } from '../guard/schema-plan.ts';
import { projectFields } from './field-projection.ts';
import { fitErrorToBudget } from './error-budget.ts';
import { fitToBudget } from './output-budget.ts';
import { resolveParams, type ParamsDeclaration, type ParamsOf, type SchemaOf } from './lazy-schema.ts';
import { projectionRootOf } from '../list/projection-root.ts';
import { validateParams, type ParamsValidation } from './param-validation.ts';
import { isClientInputSignal } from './client-input.ts';
import {
  isAmbiguousFailure,
  isOutcomeUnknown,
  outcomeUnknown,
  type OutcomeCheck,
} from './outcome-unknown.ts';
import type { ToolContext } from './tool-context.ts';
import type { ToolDefinition } from './tool-definition.ts';
import { precomputedDefinition, sameMetadata } from './precomputed-definitions.ts';
import {
  renderAnnotations,
  renderDescription,
  type RuntimeRequirement,
  type ToolMetadata,
} from './tool-metadata.ts';
import {
  errorResult,
  isToolResponse,
  type ToolCallResult,
  type ToolContent,
  type ToolResponse,
} from './tool-result.ts';

/** Default output budget (characters of text a single result may carry). */
export const DEFAULT_MAX_OUTPUT_CHARS = 50_000;

export interface RunOptions {
  /** Server-wide output budget; the tool's own `maxOutputChars` wins. */
  maxOutputChars?: number;
  /** Wall-clock limit for `execute`. */
  timeoutMs?: number;
}

/** How strictly a tool's arguments are read beyond its schema (see `guardPolicy()`). */
export interface GuardPolicy {
  /** Refuse `""` and blank strings unless the field declares what they mean (`emptyMeans`). */
  readonly refuseEmpty: boolean;
}

/** Set by ToolRegistry.register: which tools take a parameter of a given name. */
export const BIND_REGISTRY = Symbol.for('toolsmith.bind-registry');

/** A legacy hand-written definition: either a full tool definition or just its input schema. */
export type LegacyDefinition = ToolInputSchema | { inputSchema: ToolInputSchema };

/** Per tool class (its prototype): whether its metadata is its static `METADATA`. */
const STATIC_METADATA = new WeakMap<object, boolean>();

export abstract class BaseTool<
  TDeps = unknown,
  TParams extends ParamsDeclaration = AnyZodObject,
  TOutput = unknown,
> {
  /** Static metadata. Every concrete tool declares `static readonly METADATA = defineToolMetadata({...})`. */
  static readonly METADATA?: ToolMetadata;

  /**
   * The tool's params: `lazySchema(() => z.object({ … }))` (built on first use) or a zod object.
   * `getParamsSchema()` reads it; a tool whose schema depends on run-time configuration overrides
   * `getParamsSchema()` instead.
   */
  static readonly PARAMS?: ParamsDeclaration;

  #definition: ToolDefinition | undefined;
  #policy: InputPolicy | undefined;
  #toolsTaking: ((key: string) => readonly string[]) | undefined;

  /** The tool's metadata (its class's `METADATA`; dynamic tools may override this getter). */
  get metadata(): ToolMetadata {
    const metadata = (this.constructor as { METADATA?: ToolMetadata }).METADATA;
    if (!metadata) {
      throw new ToolDefinitionError({
        message: `${this.constructor.name} has no static METADATA. Add \`static readonly METADATA = defineToolMetadata({ ... })\`.`,
      });
    }
    return metadata;
  }

  get name(): string {
    return this.metadata.name;
  }

  /**
   * What the tool needs of the runtime beyond web-standard APIs: its metadata's `requires`, plus
   * what a subclass knows (a `KnowledgeTool` with a binding needs `node-addons`). Checked by the
   * web-standard handler when it is made (mcp/runtime-requirements.ts).
   */
  get requires(): readonly RuntimeRequirement[] {
    return this.metadata.requires ?? [];
  }

  /**
   * The Zod object that validates the params — the only source of the wire schema. By default the
   * class's static `PARAMS`, built once when it is a `lazySchema`.
   */
  getParamsSchema(): SchemaOf<TParams> {
    const declared = (this.constructor as { PARAMS?: ParamsDeclaration }).PARAMS;
    if (declared === undefined) {
      throw new ToolDefinitionError({
        message: `${this.constructor.name} declares no params. Add \`static readonly PARAMS = lazySchema(() => z.object({ ... }))\` (z.object({}) for none), or override getParamsSchema().`,
      });
    }
    return resolveParams(declared) as SchemaOf<TParams>;
  }

  /** Optional Zod object for `structuredContent`; becomes the definition's `outputSchema`. */
  getOutputSchema(): AnyZodObject | undefined {
    return undefined;
  }

  /** Does the work. Throw ToolsmithErrors (ApiError, NotFoundError, …) for failures the caller can fix. */
  abstract execute(
    params: ParamsOf<TParams>,
    ctx: ToolContext<TDeps>,
  ): Promise<TOutput | string | ToolResponse<TOutput>>;

  /**
   * Legacy path for hand-written definitions. Prefer not overriding it: when overridden, the
   * definition is checked against `getParamsSchema()` and a mismatch is a ToolDefinitionError.
   */
  protected buildDefinition?(): LegacyDefinition;

  /**
   * Runs after the params were parsed and their declared values resolved (references, times,
   * durations), and before `execute`: the place for checks the schema cannot express
   * (executable-knowledge validators, relationships read from the API, cross-field rules,
   * permissions). Throw a ToolsmithError — usually a ValidationError — to answer with `isError`
   * instead of executing; record a conversion with `ctx.call.convert(…)` so the answer announces it.
   */
  protected beforeExecute(_params: ParamsOf<TParams>, _ctx: ToolContext<TDeps>): Promise<void> | void {}

  /**
   * Turns a failure of `execute` into its real cause with the next step (an API's misleading 401, a
   * configuration problem the user must fix). Returns the error to report (the same one by default).
   */
  protected translateError(error: unknown, _params: ParamsOf<TParams>, _ctx: ToolContext<TDeps>): unknown {
    return error;
  }

  /**
   * For a tool that is not idempotent (its annotations: `readOnlyHint: false`, `idempotentHint` not
   * true — a create, a comment, a transition): how to see whether a call whose answer was lost took
   * effect — the read tool (full name), its arguments, what to look for. When the call fails in a way
   * that leaves its effect unknown (a timeout, a connection broken after the request went out, a 5xx
   * to the write but a 503 with `Retry-After`, an unreadable 2xx: `isAmbiguousFailure`), the answer
   * is "Outcome unknown: … Do not call <tool> again before checking. Call <check> with <args> and
   * look for …", never "try again" (outcome-unknown.ts). Undefined (the default): the HTTP client's
   * own text ("check whether it took effect before calling again").
   */
  protected outcomeCheck(_params: ParamsOf<TParams>): OutcomeCheck | undefined {
    return undefined;
  }

  /**
   * How strictly arguments are read beyond the schema. Servers whose APIs give `""` a meaning of its
   * own (or none) refuse it unless a field declares what it means: override in the server's base class.
   */
  protected guardPolicy(): GuardPolicy {
    return { refuseEmpty: false };
  }

  /**
   * The server's reference data for `ref(…)`, `custom(…)` and the user's time zone: by default
   * `ctx.deps.references` when it is a ReferenceSource.
   */
  // The source is typed loosely here: its deps type must not make BaseTool invariant in TDeps.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  protected references(ctx: ToolContext<TDeps>): ReferenceSource<any> | undefined {
    const deps = ctx.deps as { references?: unknown } | null | undefined;
    const source = deps !== null && typeof deps === 'object' ? deps.references : undefined;
    return ReferenceSource.isInstance(source) ? source : undefined;
  }

  /** @internal ToolRegistry tells the tool which tools take a parameter (for "use that tool" hints). */
  [BIND_REGISTRY](toolsTaking: (key: string) => readonly string[]): void {
    this.#toolsTaking = toolsTaking;
    this.#policy = undefined;
  }

  /** Options for definition generation (descriptions, examples, strict mode, transforms). */
  protected definitionOptions(): SchemaToDefinitionOptions {
    return {};
  }

  /**
   * Where `fields` projection applies: the path of the item list inside the result (e.g. `'items'`),
   * or undefined for the result itself (each element when the result is an array). Undefined by
   * default, and then the result's own mark decides: core's list and batch results (`listPages`,
   * `runBatch`, `withProjectionRoot`) carry theirs, so their tools override nothing.
   */
  protected projectionRoot(): string | undefined {
    return undefined;
  }

  /** The hint appended to a cut result. Override to point at this tool's own paging parameters. */
  protected truncationHint(): string {
    const keys = Object.keys((this.getParamsSchema() as { shape: Record<string, unknown> }).shape);
    const parts: string[] = [];
    if (keys.includes('fields')) parts.push('request fewer `fields`');
    const paging = keys.filter((k) => /^(cursor|page|offset|limit|perPage|pageSize|per_page)$/.test(k));
    if (paging.length > 0) parts.push(`page with ${paging.map((k) => `\`${k}\``).join('/')}`);
    parts.push('narrow the request');
    return `To see more, ${parts.join(', or ')}.`;
  }

  /**
   * Whether the bundled bin may record this tool's definition when it is built and serve that instead
   * of generating it at each start (precomputed-definitions.ts). By default, tools described by their
   * class's static `METADATA`; a class that overrides the `metadata` getter makes its tools at run
   * time and is not. Override to return false when the schema depends on run-time configuration; a
   * class with run-time metadata but a fixed schema may return true (its recording is then served
   * only while the title, description and annotations match: precomputed-definitions.ts).
   */
  get precomputable(): boolean {
    return this.#hasStaticMetadata();
  }

  /** Whether the metadata is the class's static `METADATA` (no subclass overrides the getter). */
  #hasStaticMetadata(): boolean {
    const prototype = Object.getPrototypeOf(this) as object;
    let known = STATIC_METADATA.get(prototype);
    if (known === undefined) {
      let owner: object | null = prototype;
      while (owner !== null && !Object.hasOwn(owner, 'metadata'))
        owner = Object.getPrototypeOf(owner) as object | null;
      STATIC_METADATA.set(prototype, (known = owner === BaseTool.prototype));
    }
    return known;
  }

  /** The MCP definition, generated from the params schema (computed once; recorded by the bundle, if it was). */
  getDefinition(): ToolDefinition {
    if (this.#definition) return this.#definition;
    const metadata = this.metadata;
    const recorded = this.precomputable
      ? precomputedDefinition(metadata.name, this.constructor.name)
      : undefined;
    // A tool whose metadata is made at run time (a class that overrides `precomputable` to say only its
    // schema is fixed) gets the recording only while its title, description and annotations match it.
    if (recorded && (this.#hasStaticMetadata() || sameMetadata(recorded, metadata))) {
      this.#definition = recorded;
      return recorded;
    }
    const schema = this.getParamsSchema();
    let inputSchema: ToolInputSchema;
    if (this.buildDefinition) {
      const legacy = this.buildDefinition();
      inputSchema = 'inputSchema' in legacy ? (legacy.inputSchema as ToolInputSchema) : legacy;
      const match = validateSchemaDefinitionMatch(schema, inputSchema);
      if (!match.success) {
        throw new ToolDefinitionError({
          toolName: metadata.name,
          message: `hand-written definition disagrees with getParamsSchema():\n${match.errors
            .map((e: DefinitionMismatch) => `- [${e.type}] ${e.field}: ${e.message}`)
            .join('\n')}\nRemove buildDefinition() to generate the definition from the schema.`,
        });
      }
    } else {
      inputSchema = this.generate(schema);
    }
    const outputZod = this.getOutputSchema();
    const definition: ToolDefinition = {
      name: metadata.name,
      ...(metadata.title ? { title: metadata.title } : {}),
      description: renderDescription(metadata),
      inputSchema,
      ...(outputZod ? { outputSchema: this.generate(outputZod) } : {}),
      annotations: renderAnnotations(metadata),
    };
    this.#definition = definition;
    return definition;
  }

  private generate(schema: AnyZodObject): ToolInputSchema {
    try {
      return compactJsonSchema(generateDefinitionFromSchema(schema, this.definitionOptions()));
    } catch (error) {
      if (ToolDefinitionError.isInstance(error) && error.toolName === undefined) {
        throw new ToolDefinitionError({ toolName: this.metadata.name, message: error.message, cause: error });
      }
      throw error;
    }
  }

  /**
   * Parses raw arguments strictly (unknown keys refused at every depth); errors are per field and
   * name valid options and the field probably meant.
   */
  validateParams(args: unknown): ParamsValidation<ParamsOf<TParams>> {
    this.#policy ??= {
      ...this.guardPolicy(),
      toolName: this.metadata.name,
      ...(this.#toolsTaking ? { toolsTaking: this.#toolsTaking } : {}),
    };
    return validateParams(this.getParamsSchema(), args, this.metadata.name, this.#policy);
  }

  /**
   * Runs one call end to end on the guarded path and returns a result for the client: parse
   * (strict) → resolve declared values → `beforeExecute` (the tool's and the pack's checks) →
   * `execute` → `translateError` → result, with the conversions and assumptions announced.
   * User-fixable failures become `isError` results; programmer errors are logged and re-thrown for
   * the adapter to report.
   */
  async run(args: unknown, ctx: ToolContext<TDeps>, options: RunOptions = {}): Promise<ToolCallResult> {
    const started = performance.now();
    const tool = this.metadata.name;
    const logger = ctx.logger;
    const elapsed = () => Math.round(performance.now() - started);
    let record: CallRecord | undefined;
    let source: ReferenceSource<TDeps> | undefined;
    const sourceOf = (c: ToolContext<TDeps>) => this.references(c) as ReferenceSource<TDeps> | undefined;
    try {
      const validation = this.validateParams(args);
      if (!validation.success) {
        logger.info('tool call rejected: invalid arguments', {
          tool,
          durationMs: elapsed(),
          fields: fieldNames(validation.error),
        });
        return errorResult(fitErrorToBudget(validation.error.toToolText(), this.maxOutputChars(options)));
      }
      const params = validation.data;
      record = new CallRecord(isArgsObject(args) ? args : {});
      const callCtx: ToolContext<TDeps> = { ...ctx, call: record };
      const plan = planOf(this.getParamsSchema());
      if (plan?.guarded) {
        source = sourceOf(ctx);
        await resolveGuarded({
          plan,
          params: params as Record<string, unknown>,
          ctx: callCtx,
          record,
          source,
          toolName: tool,
        });
      }
      // Awaited only when the hook is async: the default no-op costs no extra microtask.
      const before = this.beforeExecute(params, callCtx);
      if (before !== undefined) await before;
      let output: TOutput | string | ToolResponse<TOutput>;
      try {
        output = await this.executeWithLimits(params, callCtx, options);
      } catch (error) {
        if (record.used.length > 0) (source ?? sourceOf(ctx))?.reportError(error, record.used);
        throw await this.translateFailure(error, params, callCtx);
      }
      const result = this.toResult(output, params, options, record);
      if (logger.isLevelEnabled?.('debug') !== false)
        logger.debug('tool call ok', { tool, durationMs: elapsed() });
      return result;
    } catch (error) {
      if (isClientInputSignal(error)) {
        // Not a failure: the adapter asks the client (input required) or refuses (missing capability).
        logger.debug('tool call needs the client', { tool, durationMs: elapsed(), signal: error.name });
        throw error;
      }
      const classified = classify(error, this.metadata.name, ctx.signal);
      if (classified) {
        logger.info('tool call failed', { tool, durationMs: elapsed(), code: classified.code });
        return errorResult(fitErrorToBudget(classified.toToolText(), this.maxOutputChars(options)));
      }
      logger.error('tool call crashed (programmer error)', { tool, durationMs: elapsed(), error });
      throw error;
    }
  }

  /**
   * The translate step: an ambiguous failure of a write that cannot be repeated safely is "outcome
   * unknown" with the tool's `outcomeCheck` (and no other hint: nothing in the call was wrong); an
   * answer the tool already worded so is kept; anything else goes to `translateError`.
   */
  private translateFailure(error: unknown, params: ParamsOf<TParams>, ctx: ToolContext<TDeps>): unknown {
    if (isOutcomeUnknown(error)) return error;
    const { readOnlyHint, idempotentHint } = this.metadata.annotations;
    if (!readOnlyHint && idempotentHint !== true && isAmbiguousFailure(error)) {
      const check = this.outcomeCheck(params);
      if (check) return outcomeUnknown(error, this.metadata.name, check);
    }
    return this.translateError(error, params, ctx);
  }

  /** The output budget of this call: the tool's own, else the server's, else the default. Errors obey it too. */
  private maxOutputChars(options: RunOptions): number {
    return this.metadata.maxOutputChars ?? options.maxOutputChars ?? DEFAULT_MAX_OUTPUT_CHARS;
  }

  /**
   * `execute` under the call's signal and timeout. Not async, and one promise that either settles:
   * the cheapest shape per call (no second promise to race, no extra await).
   */
  private executeWithLimits(
    params: ParamsOf<TParams>,
    ctx: ToolContext<TDeps>,
    options: RunOptions,
  ): Promise<TOutput | string | ToolResponse<TOutput>> {
    const timeoutMs = options.timeoutMs;
    const signal =
      timeoutMs === undefined ? ctx.signal : AbortSignal.any([ctx.signal, AbortSignal.timeout(timeoutMs)]);
    signal.throwIfAborted();
    const execution = this.execute(params, signal === ctx.signal ? ctx : { ...ctx, signal });
    // Settle as soon as the signal fires, even if execute ignores it.
    const settled = Promise.withResolvers<TOutput | string | ToolResponse<TOutput>>();
    const onAbort = () => {
      signal.removeEventListener('abort', onAbort);
      const reason: unknown = signal.reason;
      if (reason instanceof DOMException && reason.name === 'TimeoutError' && timeoutMs !== undefined) {
        settled.reject(new TimeoutError({ timeoutMs, operation: `Tool "${this.metadata.name}"` }));
      } else settled.reject(new CancelledError({ operation: `Tool "${this.metadata.name}"`, reason }));
    };
    signal.addEventListener('abort', onAbort);
    Promise.resolve(execution).then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        settled.resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        settled.reject(error);
      },
    );
    return settled.promise;
  }

  private toResult(
    output: TOutput | string | ToolResponse<TOutput>,
    params: ParamsOf<TParams>,
    options: RunOptions,
    record: CallRecord,
  ): ToolCallResult {
    // Conversions and assumptions come first, in a block of their own the model cannot miss.
    const said = record.notes();
    let extraContent: ToolContent[] = said === undefined ? [] : [{ type: 'text', text: said }];
    let data: unknown = output;
    if (isToolResponse(output)) {
      extraContent = [...extraContent, ...(output.content ?? [])];
      data = output.data;
    }

    const notes: string[] = [];
    const fields = (params as { fields?: unknown }).fields;
    if (Array.isArray(fields) && fields.length > 0 && data !== undefined && typeof data !== 'string') {
      const root = this.projectionRoot() ?? projectionRootOf(data);
      const target = root === undefined ? data : (data as Record<string, unknown>)[root];
      const projection = projectFields(target, fields as string[]);
      data =
        root === undefined
          ? projection.value
          : { ...(data as Record<string, unknown>), [root]: projection.value };
      if (projection.unmatched.length > 0) {
        notes.push(
          `Note: no data for fields ${projection.unmatched.map((f) => `"${f}"`).join(', ')}. Available fields: ${projection.available.join(', ')}.`,
        );
      }
    }

    const outputSchema = this.getOutputSchema();
    let structuredContent: Record<string, unknown> | undefined;
    if (outputSchema && data !== undefined && typeof data !== 'string') {
      const parsed = (
        outputSchema as { safeParse(v: unknown): { success: boolean; data?: unknown; error?: unknown } }
      ).safeParse(data);
      if (!parsed.success) {
        throw new ToolDefinitionError({
          toolName: this.metadata.name,
          message: `execute() returned data that does not match getOutputSchema(): ${String(parsed.error)}`,
        });
      }
      structuredContent = parsed.data as Record<string, unknown>;
    }

    const content: ToolContent[] = [...extraContent];
    if (data !== undefined) {
      const maxChars = this.maxOutputChars(options);
      const budgeted = fitToBudget(data, { maxChars, hint: () => this.truncationHint() });
      if (structuredContent && budgeted.truncated && budgeted.data !== undefined) {
        structuredContent = budgeted.data as Record<string, unknown>;
      }
      content.push({
        type: 'text',
        text: notes.length === 0 ? budgeted.text : [budgeted.text, ...notes].join('\n\n'),
      });
    } else if (notes.length > 0) {
      content.push({ type: 'text', text: notes.join('\n\n') });
    }
    if (content.length === 0) content.push({ type: 'text', text: 'Done (no output).' });

    return { content, ...(structuredContent ? { structuredContent } : {}) };
  }
}

/** Any tool, whatever its deps, params and output: what a registry holds and a server serves. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tools differ in params and output types
export type AnyTool<TDeps = any> = BaseTool<TDeps, any, any>;

/** Maps a thrown value to the user-facing error it stands for, or undefined for a programmer error. */
function classify(error: unknown, toolName: string, signal: AbortSignal): ToolsmithError | undefined {
  if (ToolsmithError.isInstance(error)) return error.userFacing ? error : undefined;
  // No `instanceof Error`: an AbortError is a DOMException, which may come from another realm.
  const name = error !== null && typeof error === 'object' ? (error as { name?: unknown }).name : undefined;
  if (signal.aborted && (name === 'AbortError' || error === signal.reason)) {
    return new CancelledError({ operation: `Tool "${toolName}"`, reason: signal.reason });
  }
  return undefined;
}

const isArgsObject = (args: unknown): args is Record<string, unknown> =>
  args !== null && typeof args === 'object' && !Array.isArray(args);

function fieldNames(error: ValidationError): string[] {
  return error.issues.map((i) => i.field);
}
