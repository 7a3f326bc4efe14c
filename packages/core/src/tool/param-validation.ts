/**
 * Validation of tool arguments against the tool's Zod schema (zod 4 or zod 3), turned into
 * per-field issues a model can act on: which field, what is wrong, which values are valid, and —
 * for unknown fields — which known field was probably meant.
 */
import type { AnyZodObject } from '../definition/types.ts';
import { ValidationError, type FieldIssue } from '../errors/validation-error.ts';
import { checkInput, howToLeave, type InputPolicy } from '../guard/check-input.ts';
import { nodeAt, planOf, type PlanNode } from '../guard/schema-plan.ts';
import { closestMatches } from '../util/closest-match.ts';

export type ParamsValidation<T> = { success: true; data: T } | { success: false; error: ValidationError };

interface LooseIssue {
  code?: string;
  origin?: string;
  type?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  exact?: boolean;
  divisor?: number;
  path?: readonly PropertyKey[];
  message?: string;
  expected?: unknown;
  received?: unknown;
  input?: unknown;
  values?: readonly unknown[];
  options?: readonly unknown[];
  keys?: readonly string[];
  errors?: readonly (readonly LooseIssue[])[];
  unionErrors?: readonly { issues: readonly LooseIssue[] }[];
}

const shapes = new WeakMap<object, { keys: string[]; open: boolean }>();

/** Top-level keys the schema declares, and whether it accepts others (computed once per schema). */
function shapeOf(schema: AnyZodObject): { keys: string[]; open: boolean } {
  let shape = shapes.get(schema);
  if (!shape) {
    shape = readShape(schema);
    shapes.set(schema, shape);
  }
  return shape;
}

function readShape(schema: AnyZodObject): { keys: string[]; open: boolean } {
  const keys = Object.keys((schema as { shape: Record<string, unknown> }).shape);
  const anySchema = schema as unknown as {
    _zod?: { def: { catchall?: { _zod?: { def: { type: string } } } } };
    _def?: { unknownKeys?: string; catchall?: { _def?: { typeName?: string } } };
  };
  if (anySchema._zod) {
    const catchall = anySchema._zod.def.catchall;
    return { keys, open: catchall !== undefined && catchall._zod?.def.type !== 'never' };
  }
  const def = anySchema._def;
  const open =
    def?.unknownKeys === 'passthrough' ||
    (def?.catchall !== undefined && def.catchall._def?.typeName !== 'ZodNever');
  return { keys, open };
}

const pathOf = (path: readonly PropertyKey[] | undefined) => (path ?? []).map((p) => String(p)).join('.');

const describeValue = (value: unknown) =>
  value === undefined
    ? 'nothing'
    : value === null
      ? 'null'
      : Array.isArray(value)
        ? 'an array'
        : typeof value;

/** Longest quoted value or field name in a message: the error must stay short whatever was sent. */
const PREVIEW_CHARS = 60;
/** At most this many issues are listed; the rest are counted. */
const MAX_ISSUES = 20;

function preview(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS)}…` : text;
}

const fieldName = (key: string) =>
  key === '' ? '""' : key.length > PREVIEW_CHARS ? `${key.slice(0, PREVIEW_CHARS)}…` : key;

/** "Must have at least 1 item." / "Must be at most 100." — from a too_small / too_big issue. */
function boundMessage(issue: LooseIssue): string | undefined {
  const small = issue.code === 'too_small';
  const bound = small ? issue.minimum : issue.maximum;
  if (bound === undefined) return undefined;
  const kind = issue.origin ?? issue.type;
  const limit = issue.exact
    ? 'exactly'
    : small
      ? issue.inclusive === false
        ? 'more than'
        : 'at least'
      : issue.inclusive === false
        ? 'less than'
        : 'at most';
  const n = Number(bound);
  switch (kind) {
    case 'array':
    case 'set':
      return `Must have ${limit} ${n} item${n === 1 ? '' : 's'}.`;
    case 'string':
      return `Must be ${limit} ${n} character${n === 1 ? '' : 's'} long.`;
    case 'number':
    case 'int':
    case 'bigint':
      return `Must be ${limit} ${n}.`;
    default:
      return undefined;
  }
}

function toFieldIssues(issue: LooseIssue, input: unknown, plan?: PlanNode): CollectedIssue[] {
  const field = pathOf(issue.path);
  const received = valueAt(input, issue.path ?? []);
  switch (issue.code) {
    case 'invalid_type': {
      const expected = String(issue.expected ?? 'a different type');
      if (received === undefined)
        return [{ field, message: `Required field is missing (expected ${expected}).` }];
      const node = plan
        ? nodeAt(
            plan,
            (issue.path ?? []).map((p) => (typeof p === 'number' ? p : String(p))),
          )
        : undefined;
      const change = node?.meta?.value?.kind === 'change' ? node.meta.value : undefined;
      if (change && Array.isArray(received)) {
        // A list where a change is expected: the exact form to send instead.
        const items = JSON.stringify(received.slice(0, 5));
        const [add, remove] = change.operations;
        return [
          {
            field,
            message: `This field takes a change, not a list: send {"${add}": ${items}} to add these${remove ? `, {"${remove}": ${items}} to remove them` : ''} (operations: ${change.operations.join(', ')}).`,
          },
        ];
      }
      if (received === null) {
        return [{ field, message: `null is not a value here (expected ${expected}). ${howToLeave(node)}` }];
      }
      return [{ field, message: `Expected ${expected}, received ${describeValue(received)}.` }];
    }
    case 'invalid_value': // zod 4: enum / literal
    case 'invalid_enum_value': // zod 3
    case 'invalid_literal': {
      const options = (
        issue.values ??
        issue.options ??
        (issue.expected !== undefined ? [issue.expected] : [])
      ).map(String);
      return [{ field, message: `Invalid value ${preview(received)}.`, validOptions: options }];
    }
    case 'too_small':
    case 'too_big': {
      const kind = issue.origin ?? issue.type;
      const bound = issue.code === 'too_small' ? issue.minimum : issue.maximum;
      const numeric = (kind === 'number' || kind === 'int' || kind === 'bigint') && bound !== undefined;
      return [
        {
          field,
          message: boundMessage(issue) ?? issue.message ?? 'Value out of range.',
          ...(numeric
            ? { bound: { side: issue.code === 'too_small' ? 'min' : 'max', value: Number(bound) } }
            : {}),
        } satisfies CollectedIssue,
      ];
    }
    case 'not_multiple_of':
      return [{ field, message: `Must be a multiple of ${issue.divisor ?? '?'}.` }];
    case 'invalid_union_discriminator':
      return [
        { field, message: 'Invalid discriminator value.', validOptions: (issue.options ?? []).map(String) },
      ];
    case 'unrecognized_keys':
      return (issue.keys ?? []).map((key) => ({
        field: field ? `${field}.${fieldName(key)}` : fieldName(key),
        message: 'Unknown field.',
      }));
    case 'invalid_union': {
      // Prefer the branch that got furthest to explain what is wrong: fewest issues, then the deepest
      // (a bad item inside `{add: [...]}` beats "expected an array" from the list branch).
      const branches = issue.errors ?? issue.unionErrors?.map((e) => e.issues) ?? [];
      const depth = (issues: readonly LooseIssue[]) =>
        Math.max(0, ...issues.map((i) => (i.path ?? []).length));
      const best = [...branches].sort((a, b) => a.length - b.length || depth(b) - depth(a))[0];
      if (best && best.length > 0 && best.length <= 3) {
        // zod 4 gives branch issues paths relative to the union; zod 3's unionErrors carry full paths.
        const prefix = issue.errors ? (issue.path ?? []) : [];
        return best.flatMap((sub) =>
          toFieldIssues({ ...sub, path: [...prefix, ...(sub.path ?? [])] }, input, plan),
        );
      }
      return [{ field, message: issue.message ?? 'Value matches none of the accepted shapes.' }];
    }
    default:
      return [{ field, message: issue.message ?? 'Invalid value.' }];
  }
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current = input;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key as string];
  }
  return current;
}

/**
 * Validates `args` (undefined/null count as `{}`) against `schema`. Unknown top-level fields are
 * rejected with a "did you mean" hint unless the schema is open (passthrough/catchall): a misspelt
 * field name must not be silently dropped.
 */
export function validateParams<T>(
  schema: AnyZodObject,
  args: unknown,
  toolName?: string,
  policy: InputPolicy = { refuseEmpty: false },
): ParamsValidation<T> {
  const input = args ?? {};
  const issues: CollectedIssue[] = [];
  const plan = planOf(schema);

  if (input !== null && typeof input === 'object' && !Array.isArray(input)) {
    const { keys, open } = shapeOf(schema);
    if (plan) {
      // zod 4: unknown keys at every depth, and empty strings where the server refuses them.
      issues.push(
        ...checkInput(plan, input, policy.toolName || !toolName ? policy : { ...policy, toolName }),
      );
    } else if (!open) {
      for (const key in input) {
        if (!Object.hasOwn(input, key) || keys.includes(key)) continue;
        const near = closestMatches(key, keys, 1);
        issues.push({
          field: fieldName(key),
          message: `Unknown field.${near[0] ? ` Did you mean "${near[0]}"?` : ''} Valid fields: ${keys.join(', ') || '(none)'}.`,
        });
      }
    }
  } else {
    issues.push({ field: '', message: `Arguments must be a JSON object, received ${describeValue(input)}.` });
  }

  const parsed = (
    schema as {
      safeParse(v: unknown): { success: boolean; data?: unknown; error?: { issues: LooseIssue[] } };
    }
  ).safeParse(input);
  if (!parsed.success) {
    // A field already refused as empty is not refused again for its length.
    const refused = new Set(issues.map((i) => i.field));
    for (const issue of parsed.error?.issues ?? []) {
      if (issue.code === 'unrecognized_keys' && (issue.path ?? []).length === 0) continue; // reported above
      for (const found of toFieldIssues(issue, input, plan))
        if (!refused.has(found.field)) issues.push(found);
    }
  }
  if (issues.length > 0) {
    const unique = dedupe(issues);
    const listed = unique.slice(0, MAX_ISSUES);
    if (unique.length > MAX_ISSUES) {
      listed.push({
        field: '',
        message: `…and ${unique.length - MAX_ISSUES} more problems; fix the ones above first.`,
      });
    }
    return { success: false, error: new ValidationError({ toolName, issues: listed }) };
  }
  return { success: true, data: parsed.data as T };
}

/** A field issue plus, for numeric bounds, the bound itself (to keep only the tightest). */
interface CollectedIssue extends FieldIssue {
  readonly bound?: { side: 'min' | 'max'; value: number };
}

/**
 * Drops repeated issues, and of several numeric bounds on one side of one field (an int's
 * safe-integer limit and the schema's own `max`, say) keeps only the tightest.
 */
function dedupe(issues: CollectedIssue[]): FieldIssue[] {
  const sideKey = (issue: CollectedIssue) => `${issue.field}\u0000${issue.bound!.side}`;
  const tightest = new Map<string, CollectedIssue>();
  for (const issue of issues) {
    if (!issue.bound) continue;
    const current = tightest.get(sideKey(issue));
    const tighter =
      !current ||
      (issue.bound.side === 'max'
        ? issue.bound.value < current.bound!.value
        : issue.bound.value > current.bound!.value);
    if (tighter) tightest.set(sideKey(issue), issue);
  }
  const seen = new Set<string>();
  return issues
    .filter((issue) => {
      if (issue.bound && tightest.get(sideKey(issue)) !== issue) return false;
      const key = `${issue.field}\u0000${issue.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map(({ bound: _bound, ...issue }) => issue);
}
