import { ToolsmithError } from '@toolsmith/core';

const marker = 'toolsmith.error.generator';
const symbol = Symbol.for(marker);

/** One thing wrong with a generate command, written as what to do about it. */
export interface GeneratorProblem {
  /** The argument, option or file the problem is about (`<name>`, `--project`, `apps/x/src/server.ts`). */
  readonly subject: string;
  readonly problem: string;
  readonly howToFix?: string;
}

export type GeneratorErrorKind = 'usage' | 'conflict';

/**
 * A generate command that cannot run as given. `usage` problems (bad arguments, names, missing
 * project) exit with code 2; `conflict` problems (existing files, duplicate tool names) with code 1.
 * Nothing is written when either is thrown.
 */
export class GeneratorError extends ToolsmithError {
  private readonly [symbol] = true;
  readonly kind: GeneratorErrorKind;
  readonly problems: readonly GeneratorProblem[];

  constructor({
    kind,
    problems,
    cause,
  }: {
    kind: GeneratorErrorKind;
    problems: readonly GeneratorProblem[];
    cause?: unknown;
  }) {
    super({
      code: kind === 'usage' ? 'generator_usage' : 'generator_conflict',
      userFacing: false,
      cause,
      message: [
        kind === 'usage' ? 'Invalid arguments:' : 'Nothing was generated:',
        ...problems.map((p) => `- ${p.subject}: ${p.problem}${p.howToFix ? ` ${p.howToFix}` : ''}`),
      ].join('\n'),
    });
    this.name = 'GeneratorError';
    this.kind = kind;
    this.problems = problems;
  }

  /** Process exit code: 2 for usage errors, 1 for conflicts. */
  get exitCode(): 1 | 2 {
    return this.kind === 'usage' ? 2 : 1;
  }

  static usage(...problems: GeneratorProblem[]): GeneratorError {
    return new GeneratorError({ kind: 'usage', problems });
  }

  static conflict(...problems: GeneratorProblem[]): GeneratorError {
    return new GeneratorError({ kind: 'conflict', problems });
  }

  static override isInstance(error: unknown): error is GeneratorError {
    return ToolsmithError.hasMarker(error, marker);
  }
}
