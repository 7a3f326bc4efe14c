import { ToolsmithError } from '@toolsmith/core';
import { formatYamlPath, type DefinitionIssue, type YamlPath } from '../schema/definition-issue.ts';

const marker = 'toolsmith.error.definition-load';
const symbol = Symbol.for(marker);

/** One problem in a definition file, placed in the file. */
export interface DefinitionProblem {
  /** YAML path, e.g. `tool.commands[0].validation`; `''` for the document itself. */
  readonly path: string;
  /** 1-based; undefined when the problem has no position (e.g. the file could not be read). */
  readonly line: number | undefined;
  /** 1-based. */
  readonly column: number | undefined;
  /** What is wrong: "unknown validator 'validate-creat-task'. Did you mean 'validate-create-task'?" */
  readonly message: string;
  /** What would be valid, completing "Expected …". */
  readonly expected: string | undefined;
  /** Source excerpt with a caret (YAML syntax errors). */
  readonly snippet?: string;
}

/** Where a YAML path sits in the file. */
export type LocatePath = (path: YamlPath) => { line: number; column: number } | undefined;

const MAX_LISTED = 50;

/**
 * A tool or agent definition file is invalid: YAML syntax, wrong types, unknown fields, dangling
 * references, unsafe `file:` paths, limits. One error per file, listing every problem found with
 * `file:line:column`, the YAML path, what is wrong and what is expected, so the author can fix all
 * of them in one pass. An author error, not a model error: `userFacing: false`.
 *
 * `line`, `column` and `yamlPath` are those of the first problem (problems are sorted by line).
 */
export class DefinitionLoadError extends ToolsmithError {
  private readonly [symbol] = true;
  readonly file: string;
  readonly line: number | undefined;
  readonly column: number | undefined;
  readonly yamlPath: string | undefined;
  readonly problems: readonly DefinitionProblem[];

  constructor({
    file,
    problems,
    cause,
  }: {
    file: string;
    problems: readonly DefinitionProblem[];
    cause?: unknown;
  }) {
    const sorted = [...problems].sort(
      (a, b) =>
        (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0) || a.path.localeCompare(b.path),
    );
    super({
      code: 'definition_invalid',
      userFacing: false,
      cause,
      message: DefinitionLoadError.format(file, sorted),
    });
    this.name = 'DefinitionLoadError';
    this.file = file;
    this.problems = sorted;
    this.line = sorted[0]?.line;
    this.column = sorted[0]?.column;
    this.yamlPath = sorted[0]?.path;
  }

  /** Builds the error from unplaced issues, placing each with `locate` when given. */
  static fromIssues(
    file: string,
    issues: readonly DefinitionIssue[],
    locate?: LocatePath,
    cause?: unknown,
  ): DefinitionLoadError {
    const problems = issues.map((issue): DefinitionProblem => {
      const position = issue.at ?? locate?.(issue.path);
      return {
        path: formatYamlPath(issue.path),
        line: position?.line,
        column: position?.column,
        message: issue.message,
        expected: issue.expected,
        ...(issue.snippet === undefined ? {} : { snippet: issue.snippet }),
      };
    });
    return new DefinitionLoadError({ file, problems, cause });
  }

  /** `file:line:col at path: message. Expected …` */
  static formatProblem(file: string, problem: DefinitionProblem): string {
    const where =
      problem.line === undefined
        ? file
        : problem.column === undefined
          ? `${file}:${problem.line}`
          : `${file}:${problem.line}:${problem.column}`;
    const at = problem.path === '' ? '' : ` at ${problem.path}`;
    const expected = problem.expected === undefined ? '' : ` Expected ${withPeriod(problem.expected)}`;
    const snippet = problem.snippet === undefined ? '' : `\n${problem.snippet}`;
    return `${where}${at}: ${withPeriod(problem.message)}${expected}${snippet}`;
  }

  static format(file: string, problems: readonly DefinitionProblem[]): string {
    if (problems.length === 0) return `${file}: invalid definition.`;
    if (problems.length === 1)
      return DefinitionLoadError.formatProblem(file, problems[0] as DefinitionProblem);
    const listed = problems
      .slice(0, MAX_LISTED)
      .map((p) => `- ${DefinitionLoadError.formatProblem(file, p)}`);
    const more = problems.length > MAX_LISTED ? [`- …and ${problems.length - MAX_LISTED} more.`] : [];
    return [`${file} has ${problems.length} problems:`, ...listed, ...more].join('\n');
  }

  static override isInstance(error: unknown): error is DefinitionLoadError {
    return ToolsmithError.hasMarker(error, marker);
  }
}

function withPeriod(text: string): string {
  return /[.?!]$/.test(text) ? text : `${text}.`;
}
