/**
 * The bridge to `@toolsmith/core`: a BaseTool that declares which tool definition and command it
 * implements. Before `execute`, the command's validators (declarative checks in the host, functions
 * in the sandbox) and anti-pattern rules run on the validated params; failures come back as an
 * `isError` result whose lines carry the anti-pattern guidance (wrong form, correct form, why).
 *
 *   class CreateTaskTool extends KnowledgeTool<ClickUpDeps, typeof CreateTaskParams> {
 *     static override readonly METADATA = defineToolMetadata({ … });
 *     static override readonly KNOWLEDGE = { toolId: 'clickup', command: 'create_task' };
 *     …
 *   }
 *
 * The tool's dependencies provide the knowledge: `ctx.deps.knowledge` is anything with
 * `validatorFor(toolId)` — a ToolResolver created with a sandbox pool.
 */
import { BaseTool, type AnyZodObject, type InferSchemaOutput, type ToolContext } from '@toolsmith/core';
import { toValidationError, type ToolValidationHelper } from '../runtime/tool-validation-helper.ts';

export interface KnowledgeBinding {
  /** Id of the tool definition (`clickup`). */
  toolId: string;
  /** The command this tool implements (`create_task`). */
  command: string;
}

export interface KnowledgeSource {
  validatorFor(toolId: string): Promise<ToolValidationHelper>;
}

export interface KnowledgeDeps {
  knowledge: KnowledgeSource;
}

export abstract class KnowledgeTool<
  TDeps extends KnowledgeDeps = KnowledgeDeps,
  TParams extends AnyZodObject = AnyZodObject,
  TOutput = unknown,
> extends BaseTool<TDeps, TParams, TOutput> {
  /** The definition and command this tool implements. */
  static readonly KNOWLEDGE?: KnowledgeBinding;

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
    const result = await validator.validate(binding.command, params, { signal: ctx.signal });
    if (!result.valid) throw toValidationError(this.name, result);
  }
}
