/**
 * Runs a tool's processors: a processor is one function, or a pipeline of helpers where each step
 * receives the previous step's result. Input and output are checked against the processor's declared
 * JSON Schemas (ajv), and a failure names the processor, the step and the offending path.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { closestMatches } from '@toolsmith/core';
import { ProcessorSchemaError } from '../errors/processor-schema-error.ts';
import { UnknownKnowledgeError } from '../errors/unknown-knowledge-error.ts';
import type { JsonSchemaSubset, ProcessorDefinition, ToolDefinition } from '../schema/index.ts';
import type { HelperCallOptions, ToolHelperExecutor } from './tool-helper-executor.ts';

export interface ProcessorRunResult<T = unknown> {
  value: T;
  /** Each step with its time in the sandbox host. */
  steps: { id: string; durationMs: number }[];
}

const describeErrors = (errors: readonly ErrorObject[] | null | undefined) =>
  (errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}`);

export class ProcessorEngine {
  readonly #definition: ToolDefinition;
  readonly #executor: ToolHelperExecutor;
  readonly #ajv = new Ajv({ allErrors: true, strict: false });
  readonly #validators = new Map<JsonSchemaSubset, ValidateFunction>();

  constructor(definition: ToolDefinition, executor: ToolHelperExecutor) {
    this.#definition = definition;
    this.#executor = executor;
  }

  #processor(id: string): ProcessorDefinition {
    const processor = this.#definition.executableKnowledge.processors.find((p) => p.id === id);
    if (!processor) {
      const known = this.#definition.executableKnowledge.processors.map((p) => p.id);
      throw new UnknownKnowledgeError({
        toolId: this.#definition.id,
        kind: 'processor',
        id,
        known,
        suggestions: closestMatches(id, known),
      });
    }
    return processor;
  }

  #check(
    processorId: string,
    which: 'input' | 'output',
    schema: JsonSchemaSubset | undefined,
    value: unknown,
    step?: string,
  ) {
    if (!schema) return;
    let validate = this.#validators.get(schema);
    if (!validate) {
      validate = this.#ajv.compile(schema);
      this.#validators.set(schema, validate);
    }
    if (!validate(value)) {
      throw new ProcessorSchemaError({
        toolId: this.#definition.id,
        processorId,
        which,
        ...(step ? { step } : {}),
        problems: describeErrors(validate.errors),
      });
    }
  }

  async run<T = unknown>(
    processorId: string,
    input: unknown,
    options: HelperCallOptions = {},
  ): Promise<ProcessorRunResult<T>> {
    const processor = this.#processor(processorId);
    this.#check(processorId, 'input', processor.inputSchema, input);
    const steps: ProcessorRunResult['steps'] = [];
    let value: unknown = input;
    if (processor.kind === 'function') {
      const result = await this.#executor.run(
        { id: processor.id, code: processor.code, dependencies: processor.dependencies },
        [value],
        options,
      );
      steps.push({ id: processor.id, durationMs: result.durationMs });
      value = result.value;
    } else {
      for (const step of processor.steps) {
        const result = await this.#executor.execute(step, [value], options);
        steps.push({ id: step, durationMs: result.durationMs });
        value = result.value;
      }
    }
    this.#check(processorId, 'output', processor.outputSchema, value, steps.at(-1)?.id);
    return { value: value as T, steps };
  }
}
