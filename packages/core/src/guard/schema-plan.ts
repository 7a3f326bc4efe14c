/**
 * The plan of a params schema: its shape as the guarded path needs it — the keys of every object at
 * every depth, array items, union options — and, on each node, the declarations of guard-meta.ts
 * merged from its wrappers. Built once per schema (zod 4) and cached; a call only walks its input.
 */
import type { AnyZodSchema } from '../definition/types.ts';
import { declaredOn, type GuardMeta } from './guard-meta.ts';

export type PlanNodeType = 'object' | 'array' | 'record' | 'union' | 'leaf' | 'any';

export interface PlanNode {
  readonly type: PlanNodeType;
  /** Declarations of this node and its wrappers (inner declarations win). */
  readonly meta: GuardMeta | undefined;
  readonly nullable: boolean;
  readonly optional: boolean;
  readonly hasDefault: boolean;
  /** object: the declared keys. */
  readonly keys: ReadonlyMap<string, PlanNode> | undefined;
  /** object: other keys are accepted (loose object, catchall). */
  readonly open: boolean;
  /** array: the item; record: the value. */
  readonly item: PlanNode | undefined;
  /** union: the options. */
  readonly options: readonly PlanNode[] | undefined;
  /** leaf: zod's type name (`string`, `number`, `enum`…). */
  readonly leaf: string | undefined;
  /** The schema of this node, wrappers included (for probes such as `accepts("")`). */
  readonly schema: AnyZodSchema;
  /** This node or one below it declares a value kind or an assumption: the call must be walked. */
  readonly guarded: boolean;
}

interface ZodDef {
  type: string;
  innerType?: unknown;
  shape?: Record<string, unknown>;
  catchall?: { _zod?: { def: ZodDef } };
  element?: unknown;
  valueType?: unknown;
  options?: readonly unknown[];
  left?: unknown;
  right?: unknown;
  in?: unknown;
  out?: unknown;
  getter?: () => unknown;
  items?: readonly unknown[];
}

const defOf = (schema: unknown): ZodDef | undefined =>
  (schema as { _zod?: { def: ZodDef } } | undefined)?._zod?.def;

const plans = new WeakMap<object, PlanNode | null>();

/** The plan of a zod 4 schema, or undefined for zod 3 (only top-level keys are checked there). */
export function planOf(schema: AnyZodSchema): PlanNode | undefined {
  let plan = plans.get(schema);
  if (plan === undefined) {
    plan = defOf(schema) ? build(schema, 0, new Map()) : null;
    plans.set(schema, plan);
  }
  return plan ?? undefined;
}

const MAX_DEPTH = 24;

interface Wrapping {
  meta: GuardMeta | undefined;
  nullable: boolean;
  optional: boolean;
  hasDefault: boolean;
}

const merge = (outer: GuardMeta | undefined, inner: GuardMeta | undefined): GuardMeta | undefined =>
  outer === undefined ? inner : inner === undefined ? outer : { ...outer, ...inner };

function build(schema: unknown, depth: number, seen: Map<unknown, PlanNode>): PlanNode {
  const wrap: Wrapping = { meta: undefined, nullable: false, optional: false, hasDefault: false };
  let current = schema;
  // Unwrap the wrappers, collecting what they say; a declaration stops at the declared node.
  for (let i = 0; i < 32; i++) {
    const def = defOf(current);
    if (!def) break;
    wrap.meta = merge(wrap.meta, declaredOn(current));
    if (isLeafKind(wrap.meta)) break; // a declared value kind is a leaf, whatever its zod shape
    if (def.type === 'optional') wrap.optional = true;
    else if (def.type === 'nullable') wrap.nullable = true;
    else if (def.type === 'default' || def.type === 'prefault') wrap.hasDefault = true;
    else if (def.type === 'readonly' || def.type === 'catch' || def.type === 'nonoptional') {
      /* transparent */
    } else if (def.type === 'pipe') {
      // The input side is what the caller sends.
      current = def.in;
      continue;
    } else if (def.type === 'lazy' && def.getter) {
      if (depth > MAX_DEPTH) return anyNode(schema, wrap);
      current = def.getter();
      continue;
    } else break;
    current = def.innerType;
  }
  const def = defOf(current);
  if (!def || depth > MAX_DEPTH) return anyNode(schema, wrap);
  if (isLeafKind(wrap.meta)) return node('leaf', schema, wrap, { leaf: def.type, guarded: true });
  const assumedHere = wrap.meta?.assumed !== undefined;
  const cached = seen.get(current);
  if (cached) return cached;

  switch (def.type) {
    case 'object': {
      const keys = new Map<string, PlanNode>();
      const result = node('object', schema, wrap, { keys, open: isOpen(def), guarded: assumedHere });
      seen.set(current, result);
      let guarded = assumedHere;
      for (const [key, child] of Object.entries(def.shape ?? {})) {
        const built = build(child, depth + 1, seen);
        keys.set(key, built);
        guarded ||= built.guarded;
      }
      (result as { guarded: boolean }).guarded = guarded;
      return result;
    }
    case 'array': {
      const item = build(def.element, depth + 1, seen);
      return node('array', schema, wrap, { item, guarded: assumedHere || item.guarded });
    }
    case 'set': {
      const item = build(def.valueType, depth + 1, seen);
      return node('array', schema, wrap, { item, guarded: assumedHere || item.guarded });
    }
    case 'record': {
      const item = build(def.valueType, depth + 1, seen);
      return node('record', schema, wrap, { item, guarded: assumedHere || item.guarded });
    }
    case 'union': {
      const options = (def.options ?? []).map((o) => build(o, depth + 1, seen));
      return node('union', schema, wrap, {
        options,
        guarded: assumedHere || options.some((o) => o.guarded),
      });
    }
    case 'intersection': {
      const left = build(def.left, depth + 1, seen);
      const right = build(def.right, depth + 1, seen);
      if (left.type === 'object' && right.type === 'object') {
        const keys = new Map([...left.keys!, ...right.keys!]);
        return node('object', schema, wrap, {
          keys,
          open: left.open && right.open,
          guarded: assumedHere || left.guarded || right.guarded,
        });
      }
      return anyNode(schema, wrap);
    }
    case 'tuple': {
      const options = (def.items ?? []).map((o) => build(o, depth + 1, seen));
      // Positions are not kept apart: each item is checked against any of the positions' shapes.
      const item = options.length === 1 ? options[0]! : node('union', schema, blank(), { options });
      return node('array', schema, wrap, { item, guarded: assumedHere || options.some((o) => o.guarded) });
    }
    case 'any':
    case 'unknown':
    case 'custom':
    case 'transform':
      return anyNode(schema, wrap);
    default:
      return node('leaf', schema, wrap, { leaf: def.type, guarded: assumedHere });
  }
}

function isOpen(def: ZodDef): boolean {
  const catchall = def.catchall?._zod?.def.type;
  return catchall !== undefined && catchall !== 'never';
}

/** Declarations whose value is resolved as a whole (a change declares a structure and is walked). */
const isLeafKind = (meta: GuardMeta | undefined) => meta?.value !== undefined && meta.value.kind !== 'change';

const blank = (): Wrapping => ({ meta: undefined, nullable: false, optional: false, hasDefault: false });

function anyNode(schema: unknown, wrap: Wrapping): PlanNode {
  return node('any', schema, wrap, { guarded: wrap.meta?.assumed !== undefined });
}

function node(
  type: PlanNodeType,
  schema: unknown,
  wrap: Wrapping,
  parts: Partial<Pick<PlanNode, 'keys' | 'open' | 'item' | 'options' | 'leaf' | 'guarded'>>,
): PlanNode {
  return {
    type,
    meta: wrap.meta,
    nullable: wrap.nullable,
    optional: wrap.optional,
    hasDefault: wrap.hasDefault,
    keys: parts.keys,
    open: parts.open ?? false,
    item: parts.item,
    options: parts.options,
    leaf: parts.leaf,
    schema: schema as AnyZodSchema,
    guarded: parts.guarded ?? false,
  };
}

/** What JSON kind a value is, as plan nodes are told apart. */
export function jsonKind(value: unknown): 'object' | 'array' | 'null' | 'scalar' {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'object' ? 'object' : 'scalar';
}

/** The options of a node that could hold `value` (all of a non-union node is itself). */
export function candidates(node: PlanNode, value: unknown): PlanNode[] {
  if (node.type !== 'union') return [node];
  const kind = jsonKind(value);
  const out: PlanNode[] = [];
  for (const option of node.options!) {
    for (const flat of candidates(option, value)) {
      if (fits(flat, kind)) out.push(flat);
    }
  }
  return out;
}

function fits(node: PlanNode, kind: ReturnType<typeof jsonKind>): boolean {
  switch (node.type) {
    case 'object':
    case 'record':
      return kind === 'object';
    case 'array':
      return kind === 'array';
    case 'leaf':
      return kind === 'scalar' || kind === 'null';
    default:
      return true;
  }
}

/** The node describing the value at `path` (field names and indices), or undefined. */
export function nodeAt(root: PlanNode, path: readonly (string | number)[]): PlanNode | undefined {
  let current: PlanNode | undefined = root;
  for (const part of path) {
    if (!current) return undefined;
    current = step(current, part);
  }
  return current;
}

function step(node: PlanNode, part: string | number): PlanNode | undefined {
  switch (node.type) {
    case 'object':
      return node.keys!.get(String(part));
    case 'array':
    case 'record':
      return node.item;
    case 'union':
      for (const option of node.options!) {
        const found = step(option, part);
        if (found) return found;
      }
      return undefined;
    default:
      return undefined;
  }
}

/** Whether the node's schema takes `value` (a probe; cached per node for the few probes used). */
export function accepts(node: PlanNode, value: unknown): boolean {
  const schema = node.schema as unknown as { safeParse(v: unknown): { success: boolean } };
  return schema.safeParse(value).success;
}
