import { ToolsmithError, type ErrorDetails } from './toolsmith-error.ts';

const marker = 'toolsmith.error.validation';
const symbol = Symbol.for(marker);

/** One problem with one input field, as the model should read it. */
export interface FieldIssue {
  /** Dot path of the field (`filter.assignee`, `items.2.id`); empty string for the whole input. */
  readonly field: string;
  readonly message: string;
  /** Valid values when the field accepts a closed set (enums, literals, known ids). */
  readonly validOptions?: readonly string[];
}

export interface ValidationErrorOptions {
  toolName?: string;
  issues: readonly FieldIssue[];
  /** Replaces the message made from the issues. */
  message?: string;
  cause?: unknown;
}

/** The tool's input is wrong. The message lists every bad field and how to fix it. */
export class ValidationError extends ToolsmithError {
  private readonly [symbol] = true;
  readonly toolName: string | undefined;
  readonly issues: readonly FieldIssue[];

  /** A plain message: no `issues` unless the details list them. */
  constructor(message: string, details?: ErrorDetails<ValidationErrorOptions>);
  constructor(options: ValidationErrorOptions);
  constructor(first: string | ValidationErrorOptions, details: ErrorDetails<ValidationErrorOptions> = {}) {
    const {
      toolName,
      issues = [],
      message,
      cause,
    } = typeof first === 'string' ? { ...details, message: first } : first;
    super({
      code: 'validation_failed',
      userFacing: true,
      message: message ?? ValidationError.format(toolName, issues),
      cause,
    });
    this.name = 'ValidationError';
    this.toolName = toolName;
    this.issues = issues;
  }

  static format(toolName: string | undefined, issues: readonly FieldIssue[]): string {
    const head = toolName ? `Invalid arguments for tool "${toolName}":` : 'Invalid arguments:';
    return [head, ...formatIssueLines(issues), 'Fix these fields and call the tool again.'].join('\n');
  }

  static override isInstance(error: unknown): error is ValidationError {
    return ToolsmithError.hasMarker(error, marker);
  }
}

/** One `- field: message Valid options: …` line per issue. */
export function formatIssueLines(issues: readonly FieldIssue[]): string[] {
  return issues.map((issue) => {
    const where = issue.field === '' ? '(input)' : issue.field;
    const options =
      issue.validOptions && issue.validOptions.length > 0
        ? ` Valid options: ${issue.validOptions.map((o) => JSON.stringify(o)).join(', ')}.`
        : '';
    return `- ${where}: ${issue.message}${options}`;
  });
}
