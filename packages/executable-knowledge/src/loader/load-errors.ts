/**
 * Turns Zod issues into author-facing `DefinitionIssue`s: "found a mapping. Expected a list."
 *
 * Zod's own English messages are written for API input ("Invalid input: expected string, received
 * number"); a tool author wants what was found at which YAML path and what to write instead. Issue
 * codes are translated one by one. A message given to a schema (`{ error: '…' }`, see
 * `schema/schema-primitives.ts`) is the expected phrase; a `custom` issue carries its own message
 * and `params.expected`. Union failures are unwrapped when exactly one branch matched the value's
 * shape, so a list with one bad item reports that item, not "invalid union".
 */
import { closestMatches } from '@toolsmith/core';
import type { z } from 'zod';
import type { DefinitionIssue, YamlPath } from '../schema/definition-issue.ts';
import { describeValue, formatScalar } from '../schema/describe-value.ts';

type ZodIssue = z.core.$ZodIssue;

const TYPE_PHRASES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a mapping',
  record: 'a mapping',
  map: 'a mapping',
  null: 'an empty value',
  never: 'nothing here',
};

/** Zod's default English messages; anything else was written in our schemas. */
const DEFAULT_MESSAGE = /^(Invalid|Too (big|small)|Unrecognized|Expected)/;

function isCustomMessage(issue: ZodIssue): boolean {
  return issue.message !== '' && !DEFAULT_MESSAGE.test(issue.message);
}

function typePhrase(expected: string): string {
  return TYPE_PHRASES[expected] ?? `a ${expected}`;
}

function toPath(path: readonly PropertyKey[]): (string | number)[] {
  return path.filter((segment): segment is string | number => typeof segment !== 'symbol');
}

function hasInput(issue: ZodIssue): boolean {
  return 'input' in issue && issue.input !== undefined;
}

function lastKey(path: YamlPath): string {
  const last = path[path.length - 1];
  return last === undefined ? 'value' : String(last);
}

function sizePhrase(
  issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig,
  bound: 'least' | 'most',
): string {
  const limit = Number('minimum' in issue ? issue.minimum : issue.maximum);
  switch (issue.origin) {
    case 'array':
    case 'set':
      return `at ${bound} ${limit} item${limit === 1 ? '' : 's'}`;
    case 'string':
      return `at ${bound} ${limit} character${limit === 1 ? '' : 's'}`;
    default: {
      const inclusive = issue.inclusive !== false;
      if (bound === 'least') return inclusive ? `a number ≥ ${limit}` : `a number > ${limit}`;
      return inclusive ? `a number ≤ ${limit}` : `a number < ${limit}`;
    }
  }
}

function translate(issue: ZodIssue, prefix: YamlPath, out: DefinitionIssue[]): void {
  const path = [...prefix, ...toPath(issue.path)];
  const input = 'input' in issue ? issue.input : undefined;
  const custom = isCustomMessage(issue);

  switch (issue.code) {
    case 'custom': {
      const expected = (issue.params as { expected?: unknown } | undefined)?.expected;
      out.push({ path, message: issue.message, ...(typeof expected === 'string' ? { expected } : {}) });
      return;
    }
    case 'invalid_type': {
      const expected = custom ? issue.message : typePhrase(issue.expected);
      if (!hasInput(issue)) {
        out.push({ path, message: `required field '${lastKey(path)}' is missing`, expected });
      } else {
        out.push({ path, message: `found ${describeValue(input)}`, expected });
      }
      return;
    }
    case 'invalid_value': {
      const options = issue.values.map((value) => String(value));
      // Two suggestions: enum values are short, so ties are common ('mpc' → 'api' or 'mcp').
      const suggestions = typeof input === 'string' ? closestMatches(input, options, 2) : [];
      const hint =
        suggestions.length === 0 ? '' : `. Did you mean ${suggestions.map((s) => `'${s}'`).join(' or ')}?`;
      const expected = custom
        ? issue.message
        : options.length === 1
          ? String(options[0])
          : `one of: ${options.join(', ')}`;
      out.push({
        path,
        message: hasInput(issue)
          ? `${formatScalar(input)} is not a valid ${lastKey(path)}${hint}`
          : `required field '${lastKey(path)}' is missing`,
        expected,
      });
      return;
    }
    case 'invalid_format': {
      out.push({
        path,
        message: `${formatScalar(input)} is not a valid ${lastKey(path)}`,
        expected: custom ? issue.message : `a value in the ${issue.format} format`,
      });
      return;
    }
    case 'too_small': {
      const empty = (issue.origin === 'array' || issue.origin === 'string') && Number(issue.minimum) === 1;
      out.push({
        path,
        message: empty ? `${lastKey(path)} must not be empty` : `${formatScalar(input)} is too small`,
        expected: custom ? issue.message : sizePhrase(issue, 'least'),
      });
      return;
    }
    case 'too_big': {
      out.push({
        path,
        message: `${typeof input === 'number' ? formatScalar(input) : lastKey(path)} is too big`,
        expected: custom ? issue.message : sizePhrase(issue, 'most'),
      });
      return;
    }
    case 'unrecognized_keys': {
      for (const key of issue.keys) {
        out.push({
          path: [...path, key],
          message: `unknown field '${key}'`,
          expected: 'no other fields here',
        });
      }
      return;
    }
    case 'invalid_union': {
      // One branch matched the shape (its issues are all below this path): report those.
      const deep = issue.errors.filter(
        (branch) => branch.length > 0 && branch.every((i) => i.path.length > 0),
      );
      if (deep.length === 1) {
        for (const nested of deep[0] as ZodIssue[]) translate(nested, path, out);
        return;
      }
      const expected = custom
        ? issue.message
        : [
            ...new Set(
              issue.errors.flatMap((branch) =>
                branch
                  .filter((i) => i.code === 'invalid_type')
                  .map((i) => typePhrase((i as { expected: string }).expected)),
              ),
            ),
          ].join(' or ') || 'another shape';
      out.push({
        path,
        message: hasInput(issue)
          ? `found ${describeValue(input)}`
          : `required field '${lastKey(path)}' is missing`,
        expected,
      });
      return;
    }
    case 'invalid_key': {
      for (const nested of issue.issues) translate(nested, path, out);
      return;
    }
    case 'invalid_element': {
      for (const nested of issue.issues) translate(nested, [...path, String(issue.key)], out);
      return;
    }
    default: {
      out.push({ path, message: issue.message });
    }
  }
}

/** Translates Zod issues; `prefix` is the YAML path of the value that was parsed (`['tool']`). */
export function issuesFromZod(issues: readonly ZodIssue[], prefix: YamlPath = []): DefinitionIssue[] {
  const out: DefinitionIssue[] = [];
  for (const issue of issues) translate(issue, prefix, out);
  // One problem per path and message (a union can report the same thing from several branches).
  const seen = new Set<string>();
  return out.filter((issue) => {
    const key = `${issue.path.join('\u0000')}\u0001${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Prefixes issue paths (issues built relative to the tool mapping, reported from the document root). */
export function prefixIssues(issues: readonly DefinitionIssue[], prefix: YamlPath): DefinitionIssue[] {
  return issues.map((issue) => ({ ...issue, path: [...prefix, ...issue.path] }));
}
