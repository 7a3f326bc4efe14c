/**
 * List fields given one value where a list belongs — `tags: "x"`, `tags: {add: "x"}` — get the
 * exact form to send instead of zod's "Expected array, received object" (which names the wrong
 * branch of the list-or-edit union). The corrected arguments are checked against the same schema,
 * so the form shown is one the tool takes.
 */
import {
  nodeAt,
  planOf,
  validateParams,
  ValidationError,
  type AnyZodObject,
  type FieldIssue,
  type ParamsValidation,
  type PlanNode,
} from '@toolsmith/core';
import { z } from 'zod';

/** The list fields of the Tracker tools, top level and inside bulk `values`. */
const LIST_FIELDS = [['tags'], ['followers'], ['values', 'tags'], ['values', 'followers']] as const;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** JSON with a space after each colon and comma, as a person writes it. */
function json(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(json).join(', ')}]`;
  if (isObject(value))
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${json(v)}`)
      .join(', ')}}`;
  return JSON.stringify(value);
}

/** `"tags": ["x"]`, or `"values": {"tags": ["x"]}` for a nested field. */
const show = (path: readonly string[], value: unknown) =>
  `${path.map((p) => JSON.stringify(p)).join(': {')}: ${json(value)}${'}'.repeat(path.length - 1)}`;

/** The value with every single string in a list position wrapped in a list, or undefined if none was. */
function asLists(value: unknown): unknown {
  if (typeof value === 'string') return [value];
  if (!isObject(value)) return undefined;
  let changed = false;
  const out: Json = { ...value };
  for (const op of ['add', 'remove']) {
    if (typeof value[op] === 'string') {
      out[op] = [value[op]];
      changed = true;
    }
  }
  return changed ? out : undefined;
}

/**
 * Replaces the schema's issues about a list field given a single string with the exact form,
 * e.g. `"tags": {"add": ["x"]}`; other issues stay as they are.
 */
export function explainListShapes<T>(
  result: ParamsValidation<T>,
  args: unknown,
  validate: (args: unknown) => ParamsValidation<T>,
  toolName: string,
): ParamsValidation<T> {
  if (result.success || !isObject(args)) return result;
  const fixes: Array<{ path: readonly string[]; given: unknown; fixed: unknown }> = [];
  const corrected: Json = { ...args };
  for (const path of LIST_FIELDS) {
    const [head, leaf] = path;
    const holder = leaf === undefined ? corrected : corrected[head];
    if (!isObject(holder)) continue;
    const key = leaf ?? head;
    const fixed = asLists(holder[key]);
    if (fixed === undefined) continue;
    fixes.push({ path, given: holder[key], fixed });
    if (leaf === undefined) corrected[key] = fixed;
    else corrected[head] = { ...holder, [key]: fixed };
  }
  if (fixes.length === 0) return result;
  const after = validate(corrected);
  const explained = fixes.filter(({ path }) => fieldOk(after, path));
  if (explained.length === 0) return result;
  const issues: FieldIssue[] = [
    ...explained.map(({ path, given, fixed }) => {
      const edit = isObject(given);
      const alternative =
        !edit && fieldOk(validate(nest(corrected, path, { add: fixed })), path)
          ? ` to replace them all, or ${show(path, { add: fixed })} to add to them`
          : '';
      return {
        field: path.join('.'),
        message: `takes a list, even of one value: write ${show(path, fixed)}${alternative}.`,
      };
    }),
    ...result.error.issues.filter(
      (issue) =>
        !explained.some(
          ({ path }) => issue.field === path.join('.') || issue.field.startsWith(`${path.join('.')}.`),
        ),
    ),
  ];
  return { success: false, error: new ValidationError({ toolName, issues }) };
}

/** `args` with the field at a path of one or two keys set to `value`. */
function nest(args: Json, path: readonly string[], value: unknown): Json {
  const [head, leaf] = path as [string, string | undefined];
  if (leaf === undefined) return { ...args, [head]: value };
  return { ...args, [head]: { ...(args[head] as Json), [leaf]: value } };
}

/** Whether a validation has no issue at or under the field at `path`. */
function fieldOk(validation: ParamsValidation<unknown>, path: readonly string[]): boolean {
  const at = path.join('.');
  return (
    validation.success || !validation.error.issues.some((i) => i.field === at || i.field.startsWith(`${at}.`))
  );
}

/** The options of a union node, nested unions flattened. */
const optionsOf = (node: PlanNode): PlanNode[] =>
  node.type === 'union' ? node.options!.flatMap(optionsOf) : [node];

/**
 * "Expected array, received object" about a field that takes a list or an `{add, remove}` edit names
 * the branch the value was not meant for: the value is checked against the branch of its own kind
 * (an object against the edit), and that branch's issues (`tags.add.0: …`) replace the one line.
 */
export function explainUnionBranches<T>(
  result: ParamsValidation<T>,
  args: unknown,
  schema: AnyZodObject,
  toolName: string,
): ParamsValidation<T> {
  if (result.success || !isObject(args)) return result;
  const plan = planOf(schema);
  if (!plan) return result;
  let changed = false;
  const issues = result.error.issues.flatMap((issue): FieldIssue[] => {
    if (!/^Expected (array|object), received (object|array)/.test(issue.message)) return [issue];
    const path = issue.field.split('.');
    const node = nodeAt(plan, path);
    let raw: unknown = args;
    for (const part of path) raw = isObject(raw) || Array.isArray(raw) ? (raw as Json)[part] : undefined;
    const kind = Array.isArray(raw) ? 'array' : isObject(raw) ? 'object' : undefined;
    const branch = node && kind ? optionsOf(node).find((o) => o.type === kind) : undefined;
    if (!branch) return [issue];
    const checked = validateParams(z.object({ value: branch.schema as z.ZodType }), { value: raw });
    if (checked.success) return [issue];
    changed = true;
    return checked.error.issues.map((i) => ({ ...i, field: i.field.replace(/^value/, issue.field) }));
  });
  return changed ? { success: false, error: new ValidationError({ toolName, issues }) } : result;
}
