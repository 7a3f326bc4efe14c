import { ToolsmithError, type ErrorDetails } from './toolsmith-error.ts';

const marker = 'toolsmith.error.config';
const symbol = Symbol.for(marker);

export interface ConfigProblem {
  /** Environment variable (or option) name. */
  readonly variable: string;
  readonly problem: string;
  /** Where to get a valid value. */
  readonly howToFix?: string;
}

export interface ConfigErrorOptions {
  problems: readonly ConfigProblem[];
  cause?: unknown;
}

/** Start-up configuration is missing or malformed. Thrown before a server starts. */
export class ConfigError extends ToolsmithError {
  private readonly [symbol] = true;
  readonly problems: readonly ConfigProblem[];

  /** A plain message: no `problems` unless the details list them. */
  constructor(message: string, details?: ErrorDetails<ConfigErrorOptions>);
  constructor(options: ConfigErrorOptions);
  constructor(first: string | ConfigErrorOptions, details: ErrorDetails<ConfigErrorOptions> = {}) {
    const { problems = [], cause } = typeof first === 'string' ? details : first;
    super({
      code: 'config_invalid',
      userFacing: false,
      cause,
      message:
        typeof first === 'string'
          ? first
          : [
              'Invalid configuration:',
              ...problems.map((p) => `- ${p.variable}: ${p.problem}${p.howToFix ? ` ${p.howToFix}` : ''}`),
            ].join('\n'),
    });
    this.name = 'ConfigError';
    this.problems = problems;
  }

  static override isInstance(error: unknown): error is ConfigError {
    return ToolsmithError.hasMarker(error, marker);
  }
}
