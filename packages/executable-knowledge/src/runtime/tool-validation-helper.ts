/**
 * Pre-execution validation of a command's arguments: the declarative checks of its validators (in
 * the host), their functions (in the sandbox), and the anti-patterns of the tool. An error that
 * matches an anti-pattern carries its id, the wrong and the correct form, and why — so the message an
 * agent reads tells it how to fix the call.
 */
import { closestMatches, ValidationError, type FieldIssue } from '@toolsmith/core';
import { UnknownKnowledgeError } from '../errors/unknown-knowledge-error.ts';
import { ValidatorOutputError } from '../errors/validator-output-error.ts';
import type {
  AntiPattern,
  AntiPatternCondition,
  ToolDefinition,
  ValidatorDefinition,
} from '../schema/index.ts';
import { runCheck } from './declarative-checks.ts';
import type { HelperCallOptions, ToolHelperExecutor } from './tool-helper-executor.ts';
import {
  applyConversions,
  conversionProblem,
  isDeepStrictEqual,
  MAX_CONVERSIONS,
  type ValueConversion,
} from './value-conversions.ts';

export interface AntiPatternGuidance {
  id: string;
  description: string;
  wrong: unknown;
  correct: unknown;
  why: string | undefined;
}

export interface KnowledgeValidationIssue {
  field: string;
  message: string;
  /** The validator that reported it (`anti-pattern` for a detect rule on its own). */
  validator: string;
  antiPattern?: AntiPatternGuidance;
}

export interface KnowledgeValidationResult {
  valid: boolean;
  errors: KnowledgeValidationIssue[];
  /**
   * What the validators converted (label → option id, "me" → user id, status case…), in the order
   * applied. Present only when the call is valid and something was converted: a call with errors is
   * never converted.
   */
  conversions?: ValueConversion[];
  /** The arguments with the conversions applied; present with `conversions`. */
  input?: Record<string, unknown>;
}

export interface ValidateOptions extends HelperCallOptions {
  /**
   * The call context, by id (see `ValidationContext.resolve`): plain data passed to the validator
   * functions as their second argument. Commands that declare `context:` get `{}` when it is left
   * out; others get no second argument unless one is given.
   */
  context?: Readonly<Record<string, unknown>>;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

function holds(condition: AntiPatternCondition, value: unknown): boolean {
  switch (condition) {
    case 'missing':
      return value === undefined || value === null;
    case 'present':
      return value !== undefined && value !== null;
    case 'empty':
      return (
        value === '' ||
        (Array.isArray(value) && value.length === 0) ||
        (isObject(value) && Object.keys(value).length === 0)
      );
    case 'is_array':
      return Array.isArray(value);
    case 'not_array':
      return value !== undefined && !Array.isArray(value);
    case 'is_object':
      return isObject(value);
    case 'not_object':
      return value !== undefined && !isObject(value);
    case 'is_string':
      return typeof value === 'string';
    case 'not_string':
      return value !== undefined && typeof value !== 'string';
    case 'is_number':
      return typeof value === 'number';
    case 'not_number':
      return value !== undefined && typeof value !== 'number';
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : JSON.stringify(value));

function guidanceOf(pattern: AntiPattern): AntiPatternGuidance {
  return {
    id: pattern.pattern,
    description: pattern.description,
    wrong: pattern.wrong,
    correct: pattern.correct,
    why: pattern.why ?? pattern.error,
  };
}

/** One line an agent can act on: the problem, then the anti-pattern's correct form and why. */
export function describeIssue(issue: KnowledgeValidationIssue): string {
  const pattern = issue.antiPattern;
  if (!pattern) return issue.message;
  const why = pattern.why ? ` Why: ${pattern.why}` : '';
  return `${issue.message} [anti-pattern ${pattern.id}: ${pattern.description}] Wrong: ${text(pattern.wrong)} Correct: ${text(pattern.correct)}.${why}`;
}

/** The core ValidationError for a failed knowledge validation (what a BaseTool answers with). */
export function toValidationError(
  toolName: string | undefined,
  result: KnowledgeValidationResult,
): ValidationError {
  const issues: FieldIssue[] = result.errors.map((issue) => ({
    field: issue.field,
    message: describeIssue(issue),
  }));
  return new ValidationError({ ...(toolName ? { toolName } : {}), issues });
}

export class ToolValidationHelper {
  readonly #definition: ToolDefinition;
  readonly #executor: ToolHelperExecutor;

  constructor(definition: ToolDefinition, executor: ToolHelperExecutor) {
    this.#definition = definition;
    this.#executor = executor;
  }

  /** Validators that apply to a command (the command's `validation`, which includes `validates` matches). */
  validatorsFor(command: string): ValidatorDefinition[] {
    const found = this.#definition.commands.find((c) => c.name === command);
    if (!found) {
      const known = this.#definition.commands.map((c) => c.name);
      throw new UnknownKnowledgeError({
        toolId: this.#definition.id,
        kind: 'command',
        id: command,
        known,
        suggestions: closestMatches(command, known),
      });
    }
    const validators = this.#definition.executableKnowledge.validators;
    return found.validation.flatMap((id) => validators.filter((v) => v.id === id));
  }

  /** Ids of the context entries a command's validators get (its `context:`). */
  contextFor(command: string): readonly string[] {
    return this.#definition.commands.find((c) => c.name === command)?.context ?? [];
  }

  async validate(
    command: string,
    args: unknown,
    options: ValidateOptions = {},
  ): Promise<KnowledgeValidationResult> {
    const validators = this.validatorsFor(command);
    const input = isObject(args) ? args : {};
    const errors: KnowledgeValidationIssue[] = [];
    const conversions = new Map<string, ValueConversion>();
    const { context, ...callOptions } = options;
    const declared = this.contextFor(command).length > 0;
    const validatorArgs = context !== undefined || declared ? [input, context ?? {}] : [input];

    for (const validator of validators) {
      for (const check of validator.checks) {
        for (const issue of runCheck(check, input)) errors.push({ ...issue, validator: validator.id });
      }
      if (validator.code) {
        const { value } = await this.#executor.run(
          { id: validator.id, code: validator.code, dependencies: validator.dependencies },
          validatorArgs,
          callOptions,
        );
        errors.push(...this.#readValidatorResult(validator, value, input, conversions));
      }
    }

    const patterns = this.#definition.antiPatterns;
    // Attach anti-patterns to the errors validators reported.
    for (const issue of errors) {
      if (issue.antiPattern) continue;
      const pattern = patterns.find((p) => {
        const detect = p.detect;
        if (detect?.kind === 'validator')
          return (
            detect.validator === issue.validator &&
            (detect.field === undefined || detect.field === issue.field)
          );
        if (detect?.kind === 'match')
          return (
            (detect.command === undefined || detect.command === command) &&
            detect.field === issue.field &&
            holds(detect.when, input[detect.field])
          );
        return false;
      });
      if (pattern) issue.antiPattern = guidanceOf(pattern);
    }
    // Match rules are checks of their own: report an anti-pattern no validator caught.
    for (const pattern of patterns) {
      const detect = pattern.detect;
      if (detect?.kind !== 'match' || (detect.command !== undefined && detect.command !== command)) continue;
      if (!holds(detect.when, input[detect.field])) continue;
      if (errors.some((e) => e.field === detect.field && e.antiPattern?.id === pattern.pattern)) continue;
      errors.push({
        field: detect.field,
        message: `${detect.field}: ${pattern.description}.`,
        validator: 'anti-pattern',
        antiPattern: guidanceOf(pattern),
      });
    }
    if (errors.length > 0 || conversions.size === 0) return { valid: errors.length === 0, errors };
    const applied = [...conversions.values()];
    return { valid: true, errors, conversions: applied, input: applyConversions(input, applied) };
  }

  /**
   * Checks the shape a validator function returned —
   * `{ valid?, errors: [{ field, message, antiPattern? }], conversions?: [{ path, from, to, reason? }] }` —
   * and collects its conversions into `conversions` by path (each checked against `input`; at most
   * MAX_CONVERSIONS in all).
   */
  #readValidatorResult(
    validator: ValidatorDefinition,
    value: unknown,
    input: Record<string, unknown>,
    conversions: Map<string, ValueConversion>,
  ): KnowledgeValidationIssue[] {
    const shapeError = (problem?: string) =>
      new ValidatorOutputError({
        toolId: this.#definition.id,
        validatorId: validator.id,
        received: value,
        ...(problem ? { problem } : {}),
      });
    if (
      !isObject(value) ||
      (value['valid'] !== undefined && typeof value['valid'] !== 'boolean') ||
      !Array.isArray(value['errors']) ||
      (value['conversions'] !== undefined && !Array.isArray(value['conversions']))
    )
      throw shapeError();
    const proposed = (value['conversions'] ?? []) as unknown[];
    // Checked before any is read: thousands of conversions are a validator bug, and each one costs
    // this process (the server's event loop) a path walk and a deep comparison.
    if (conversions.size + proposed.length > MAX_CONVERSIONS)
      throw shapeError(
        `it proposes ${proposed.length} conversions${conversions.size > 0 ? ` (after ${conversions.size} from other validators)` : ''}, more than the ${MAX_CONVERSIONS} one validation may apply; refuse the input with an error instead`,
      );
    for (const raw of proposed) {
      if (
        !isObject(raw) ||
        typeof raw['path'] !== 'string' ||
        !Object.hasOwn(raw, 'from') ||
        !Object.hasOwn(raw, 'to') ||
        (raw['reason'] !== undefined && typeof raw['reason'] !== 'string')
      )
        throw shapeError('a conversion is not { path: string, from, to, reason?: string }');
      const conversion: ValueConversion = {
        path: raw['path'],
        from: raw['from'],
        to: raw['to'],
        reason: raw['reason'] as string | undefined,
        validator: validator.id,
      };
      const problem = conversionProblem(input, conversion);
      if (problem) throw shapeError(`the conversion of ${conversion.path} cannot apply: ${problem}`);
      const same = conversions.get(conversion.path);
      if (same === undefined) conversions.set(conversion.path, conversion);
      else if (!isDeepStrictEqual(same.to, conversion.to))
        throw shapeError(
          `it converts ${conversion.path} to ${JSON.stringify(conversion.to)}, but validator "${same.validator}" converts it to ${JSON.stringify(same.to)}`,
        );
    }
    const issues: KnowledgeValidationIssue[] = [];
    for (const raw of value['errors'] as unknown[]) {
      if (!isObject(raw) || typeof raw['message'] !== 'string') throw shapeError();
      const issue: KnowledgeValidationIssue = {
        field: typeof raw['field'] === 'string' ? raw['field'] : '',
        message: raw['message'],
        validator: validator.id,
      };
      const patternId = typeof raw['antiPattern'] === 'string' ? raw['antiPattern'] : undefined;
      const pattern = patternId
        ? this.#definition.antiPatterns.find((p) => p.pattern === patternId)
        : undefined;
      if (pattern) issue.antiPattern = guidanceOf(pattern);
      issues.push(issue);
    }
    if (value['valid'] === false && issues.length === 0) {
      issues.push({
        field: '',
        message: `Validator ${validator.id} rejected the arguments without saying why.`,
        validator: validator.id,
      });
    }
    return issues;
  }
}
