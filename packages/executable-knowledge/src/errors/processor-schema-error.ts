import { ToolsmithError } from '@toolsmith/core';

const marker = 'toolsmith.error.processor-schema';
const symbol = Symbol.for(marker);

/** A processor's input or output does not match its declared JSON Schema. */
export class ProcessorSchemaError extends ToolsmithError {
  private readonly [symbol] = true;
  readonly toolId: string;
  readonly processorId: string;
  readonly which: 'input' | 'output';
  readonly problems: readonly string[];

  constructor({
    toolId,
    processorId,
    which,
    step,
    problems,
  }: {
    toolId: string;
    processorId: string;
    which: 'input' | 'output';
    step?: string;
    problems: readonly string[];
  }) {
    const source = which === 'input' ? 'The input' : `The output${step ? ` (from step ${step})` : ''}`;
    const fix =
      which === 'input'
        ? 'Pass input that matches input_schema.'
        : 'Fix the processor so its result matches output_schema.';
    super({
      code: `processor_${which}_invalid`,
      userFacing: which === 'input',
      message: `${source} of processor "${processorId}" (tool "${toolId}") does not match its ${which}_schema: ${problems.join('; ')}. ${fix}`,
    });
    this.name = 'ProcessorSchemaError';
    this.toolId = toolId;
    this.processorId = processorId;
    this.which = which;
    this.problems = problems;
  }

  static override isInstance(error: unknown): error is ProcessorSchemaError {
    return ToolsmithError.hasMarker(error, marker);
  }
}
