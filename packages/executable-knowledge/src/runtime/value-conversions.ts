/**
 * Conversions a validator proposes instead of an error: "status 'in review' → 'In Review' (case
 * fixed)", "assignees[0] 'me' → 183". A conversion names the argument by path — the syntax of an
 * error's `field`: `status`, `assignees[0]`, `custom_fields[1].value`, `custom_fields[0]["odd key"]`
 * — the value it replaces (`from`, which must be what the input holds there) and the value to send
 * (`to`). The host applies them, never the validator: it checks each one, then copies the input
 * along the converted paths only (the caller's objects are never mutated).
 */

let deepStrictEqual: ((a: unknown, b: unknown) => boolean) | undefined;

/**
 * `util.isDeepStrictEqual`, with node:util from getBuiltinModule at first use: importing it builds
 * its module facade, which loads node:worker_threads, at the start of every server whose tools
 * import this module (KnowledgeTool does; docs/adr/0007). Primitives (most conversions' `from`) are
 * compared here.
 */
export const isDeepStrictEqual = (a: unknown, b: unknown): boolean => {
  if (a === null || typeof a !== 'object' || b === null || typeof b !== 'object') return Object.is(a, b);
  deepStrictEqual ??= process.getBuiltinModule('node:util').isDeepStrictEqual;
  return deepStrictEqual(a, b);
};

export interface ValueConversion {
  /** The argument, as an error's `field` names it: `status`, `assignees[0]`, `custom_fields[1].value`. */
  path: string;
  /** The value the input held. */
  from: unknown;
  /** The value sent instead. */
  to: unknown;
  /** Why, for the agent: `case fixed`, `email → user id`. */
  reason: string | undefined;
  /** The validator that proposed it. */
  validator: string;
}

export type PathSegment = string | number;

const SEGMENT = /\.?([^.[\]"]+)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/y;

/** `custom_fields[1].value` → `['custom_fields', 1, 'value']`; undefined when it is not a path. */
export function parseConversionPath(path: string): PathSegment[] | undefined {
  if (path.length === 0 || path.startsWith('.') || path.startsWith('[')) return undefined;
  const segments: PathSegment[] = [];
  SEGMENT.lastIndex = 0;
  while (SEGMENT.lastIndex < path.length) {
    const start = SEGMENT.lastIndex;
    const match = SEGMENT.exec(path);
    if (!match) return undefined;
    // A bare name after the first segment must follow a dot.
    if (match[1] !== undefined && start > 0 && path[start] !== '.') return undefined;
    if (match[1] !== undefined) segments.push(match[1]);
    else if (match[2] !== undefined) segments.push(Number(match[2]));
    else segments.push(JSON.parse(match[3] as string) as string);
  }
  return segments;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The value at `segments`, and whether the path exists. */
export function valueAtPath(
  root: unknown,
  segments: readonly PathSegment[],
): { found: boolean; value: unknown } {
  let current = root;
  for (const segment of segments) {
    if (typeof segment === 'number') {
      if (!Array.isArray(current) || segment >= current.length) return { found: false, value: undefined };
      current = current[segment];
    } else {
      if (!isRecord(current) || !Object.hasOwn(current, segment)) return { found: false, value: undefined };
      current = current[segment];
    }
  }
  return { found: true, value: current };
}

/**
 * Why a conversion cannot apply to `input` (its path is malformed or absent, or `from` is not what
 * the input holds there), or undefined when it can.
 */
export function conversionProblem(
  input: unknown,
  conversion: Pick<ValueConversion, 'path' | 'from'>,
): string | undefined {
  const segments = parseConversionPath(conversion.path);
  if (!segments)
    return `its path ${JSON.stringify(conversion.path)} is not an argument path like status, assignees[0] or custom_fields[1].value`;
  const at = valueAtPath(input, segments);
  if (!at.found) return `the input has nothing at ${conversion.path}`;
  if (!isDeepStrictEqual(at.value, conversion.from))
    return `its "from" ${JSON.stringify(conversion.from)} is not the input's value at ${conversion.path} (${JSON.stringify(at.value)})`;
  return undefined;
}

/**
 * Sets `value` at `segments` below `container`, copying each container on the way unless this
 * application made it (`owned`): a container is copied once however many conversions go through
 * it, so applying n conversions costs the size of the containers they touch, not n times it.
 */
function setAt(
  container: unknown,
  segments: readonly PathSegment[],
  index: number,
  value: unknown,
  owned: Set<object>,
): unknown {
  if (index === segments.length) return value;
  const segment = segments[index] as PathSegment;
  if (Array.isArray(container)) {
    const copy = owned.has(container) ? container : [...container];
    owned.add(copy);
    copy[segment as number] = setAt(copy[segment as number], segments, index + 1, value, owned);
    return copy;
  }
  const record = container as Record<string, unknown>;
  const copy = owned.has(record) ? record : { ...record };
  owned.add(copy);
  const next = setAt(record[segment], segments, index + 1, value, owned);
  // A "__proto__" key is an own property of the input (JSON.parse makes it one): keep it one.
  if (segment === '__proto__')
    Object.defineProperty(copy, segment, {
      value: next,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  else copy[segment] = next;
  return copy;
}

/**
 * The most conversions one validation may propose (all its validators together). More is refused
 * with a ValidatorOutputError: each one is a line of the note the agent reads, and a validator that
 * converts thousands of values should ask for a different input instead.
 */
export const MAX_CONVERSIONS = 1000;

/**
 * The input with every conversion applied, in order: a copy along the converted paths, everything
 * else shared (the input and the conversions' `to` values are never mutated). Conversions must have
 * been checked with `conversionProblem` against this input. Linear in the number of conversions and
 * the size of the containers they go through.
 */
export function applyConversions<T>(
  input: T,
  conversions: readonly Pick<ValueConversion, 'path' | 'to'>[],
): T {
  let out: unknown = input;
  const owned = new Set<object>();
  for (const conversion of conversions) {
    const segments = parseConversionPath(conversion.path);
    if (segments) out = setAt(out, segments, 0, conversion.to, owned);
  }
  return out as T;
}

const shown = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
};

/** One line for the agent: `status: "in review" → "In Review" (case fixed)`. */
export function formatConversion(
  conversion: Pick<ValueConversion, 'path' | 'from' | 'to' | 'reason'>,
): string {
  return `${conversion.path}: ${shown(conversion.from)} → ${shown(conversion.to)}${conversion.reason ? ` (${conversion.reason})` : ''}`;
}

/** The note a tool answer carries when its input was converted before the call. */
export function formatConversionNote(conversions: readonly ValueConversion[]): string {
  return `Converted before sending (send these values directly next time):\n${conversions
    .map((c) => `- ${formatConversion(c)}`)
    .join('\n')}`;
}
