/**
 * The strict part of parsing, at every depth: a key the schema does not declare is refused — in
 * nested objects, array items, `{add, remove}` changes and filters alike — never stripped, and the
 * refusal names the valid keys at that depth with the one probably meant (a typo, an alias such as
 * `desc` → `description`, or a parameter of another tool). On servers that refuse empty strings, a
 * `""` (or blank) value is refused unless the field declares what it means, with how to keep, unset
 * or clear the field instead.
 */
import type { FieldIssue } from '../errors/validation-error.ts';
import { closestMatches } from '../util/closest-match.ts';
import { aliasTargets } from './field-aliases.ts';
import { candidates, type PlanNode } from './schema-plan.ts';

export interface InputPolicy {
  /** Refuse `""` and blank strings unless the field declares `emptyMeans`. */
  readonly refuseEmpty: boolean;
  /** Tools that take a top-level parameter of this name (for "use that tool" hints). */
  readonly toolsTaking?: (key: string) => readonly string[];
  /** This tool's name (left out of `toolsTaking` answers). */
  readonly toolName?: string;
}

/** Longest key quoted in a message. */
const KEY_CHARS = 60;
const shown = (key: string) =>
  key === '' ? '""' : key.length > KEY_CHARS ? `${key.slice(0, KEY_CHARS)}…` : key;
const join = (path: string, key: string | number) => (path === '' ? String(key) : `${path}.${key}`);

/** Issues of `input` against the plan (unknown keys and empty strings), in input order. */
export function checkInput(root: PlanNode, input: unknown, policy: InputPolicy): FieldIssue[] {
  const issues: FieldIssue[] = [];
  walk(root, input, '', issues, policy, 0);
  return issues;
}

function walk(
  node: PlanNode,
  value: unknown,
  path: string,
  issues: FieldIssue[],
  policy: InputPolicy,
  depth: number,
): void {
  if (depth > 64 || value === undefined) return;
  if (typeof value === 'string') {
    if (policy.refuseEmpty && value.trim() === '' && path !== '') emptyString(node, value, path, issues);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const options = candidates(node, value);
  if (options.length === 0) return; // a wrong type: zod says so
  if (Array.isArray(value)) {
    const items = options.filter((o) => o.type === 'array').map((o) => o.item!);
    if (items.length === 0) return;
    const item = items.length === 1 ? items[0]! : unionOf(items);
    value.forEach((element, i) => walk(item, element, join(path, i), issues, policy, depth + 1));
    return;
  }
  if (options.some((o) => o.type === 'any' || (o.type === 'object' && o.open))) {
    // Open somewhere: keys are not checked, but the declared ones are still walked.
    for (const o of options.filter((o) => o.type === 'object'))
      walkKnown(o, value, path, issues, policy, depth);
    return;
  }
  const records = options.filter((o) => o.type === 'record');
  if (records.length > 0) {
    const item = records.length === 1 ? records[0]!.item! : unionOf(records.map((r) => r.item!));
    for (const [key, child] of Object.entries(value))
      walk(item, child, join(path, key), issues, policy, depth + 1);
    return;
  }
  const objects = options.filter((o) => o.type === 'object');
  if (objects.length === 0) return;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const owners = objects.filter((o) => o.keys!.has(key));
    if (owners.length === 0) {
      issues.push(unknownKey(key, path, objects, policy));
      continue;
    }
    const child =
      owners.length === 1 ? owners[0]!.keys!.get(key)! : unionOf(owners.map((o) => o.keys!.get(key)!));
    walk(child, record[key], join(path, key), issues, policy, depth + 1);
  }
}

function walkKnown(
  node: PlanNode,
  value: object,
  path: string,
  issues: FieldIssue[],
  policy: InputPolicy,
  depth: number,
): void {
  const record = value as Record<string, unknown>;
  for (const [key, child] of node.keys!) {
    if (Object.hasOwn(record, key)) walk(child, record[key], join(path, key), issues, policy, depth + 1);
  }
}

function unionOf(options: PlanNode[]): PlanNode {
  return { ...options[0]!, type: 'union', options, meta: undefined };
}

function unknownKey(key: string, path: string, objects: PlanNode[], policy: InputPolicy): FieldIssue {
  const valid = [...new Set(objects.flatMap((o) => [...o.keys!.keys()]))];
  const declared = new Map<string, readonly string[]>();
  for (const o of objects)
    for (const [name, child] of o.keys!) if (child.meta?.aliases) declared.set(name, child.meta.aliases);
  const meant = aliasTargets(key, valid, declared);
  const near = meant.length > 0 ? meant : closestMatches(key, valid, 2);
  const parts = ['Unknown field.'];
  if (near.length > 0) parts.push(`Did you mean ${near.map((n) => `"${n}"`).join(' or ')}?`);
  if (path === '' && policy.toolsTaking && near.length === 0) {
    const elsewhere = policy.toolsTaking(key).filter((t) => t !== policy.toolName);
    if (elsewhere.length > 0)
      parts.push(
        `"${shown(key)}" is a parameter of ${elsewhere.slice(0, 3).join(', ')}: use ${elsewhere.length === 1 ? 'that tool' : 'one of those tools'} for it.`,
      );
  }
  parts.push(
    path === ''
      ? `Valid fields: ${valid.join(', ') || '(none)'}.`
      : `Valid fields of ${path}: ${valid.join(', ') || '(none)'}.`,
  );
  return { field: join(path, shown(key)), message: parts.join(' ') };
}

function emptyString(node: PlanNode, value: string, path: string, issues: FieldIssue[]): void {
  const options = node.type === 'union' ? node.options! : [node];
  if (options.some((o) => o.meta?.emptyMeans !== undefined) || node.meta?.emptyMeans !== undefined) return;
  issues.push({
    field: path,
    message: `${value === '' ? 'An empty string' : 'A blank string'} is not a value here. ${howToLeave(node)}`,
  });
}

/** How to keep, unset or clear a field, from its declarations: the tail of a null/empty refusal. */
export function howToLeave(node: PlanNode | undefined): string {
  const parts: string[] = [];
  if (node?.optional || node?.hasDefault || node === undefined)
    parts.push('leave the field out if you do not mean to set or change it');
  if (node?.meta?.clearWith) parts.push(`to clear it, ${node.meta.clearWith}`);
  else if (node?.nullable && node.meta?.nullMeans) parts.push(`send null to ${node.meta.nullMeans} it`);
  if (parts.length === 0) return 'Send a value.';
  const text = parts.join('; ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}
