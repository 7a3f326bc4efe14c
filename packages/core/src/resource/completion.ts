/**
 * Argument completion (`completion/complete`) shared by prompts and resource templates, and the
 * argument-error text both use.
 */
import { formatIssueLines, type FieldIssue } from '../errors/validation-error.ts';

/** Most values one completion answer carries (the MCP limit). */
export const MAX_COMPLETION_VALUES = 100;

export type CompletionAnswer = {
  values: string[];
  total: number;
  hasMore: boolean;
};

/** Unique values, at most MAX_COMPLETION_VALUES, with the total. */
export function completionAnswer(values: readonly string[]): CompletionAnswer {
  const unique = [...new Set(values)];
  return {
    values: unique.slice(0, MAX_COMPLETION_VALUES),
    total: unique.length,
    hasMore: unique.length > MAX_COMPLETION_VALUES,
  };
}

/** A completion request that names an argument or reference that does not exist (invalid params). */
export class CompletionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CompletionError';
  }
}

/** `Invalid arguments for <what>:` and one line per field, as for tools. */
export function formatArgumentIssues(what: string, issues: readonly FieldIssue[]): string {
  return [
    `Invalid arguments for ${what}:`,
    ...formatIssueLines(issues),
    'Fix these fields and try again.',
  ].join('\n');
}
