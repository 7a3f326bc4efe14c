/**
 * fast-check arbitraries for fuzzing tools with invalid arguments, and the check every answer must
 * pass: an `isError` result that starts with `Invalid arguments for tool "<name>":` and names the bad
 * field. Used by the end-to-end fuzz tests of every server (in memory and over stdio).
 *
 * ```ts
 * await fc.assert(
 *   fc.asyncProperty(invalidToolArgs(tool.getParamsSchema()), async (call) => {
 *     const result = await client.callTool({ name: tool.name, arguments: call.args });
 *     expect(invalidArgsProblem(result, tool.name, call.badField)).toBeUndefined();
 *   }),
 * );
 * ```
 */
import type { AnyZodObject } from '@toolsmith/core';
import fc from 'fast-check';
import { resultText } from '../harness/connect.ts';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** What the wire does to a value: the stdio and HTTP transports send JSON. */
export const overTheWire = (value: unknown) => JSON.parse(JSON.stringify(value)) as Json;

const hugeString = fc
  .tuple(fc.integer({ min: 10_000, max: 200_000 }), fc.constantFrom('x', 'é', '"', '\\', '\u0000', '🙂'))
  .map(([n, unit]) => unit.repeat(n));

const deeplyNested = fc
  .tuple(fc.integer({ min: 50, max: 500 }), fc.boolean(), fc.jsonValue({ maxDepth: 1 }))
  .map(([depth, asArray, leaf]) => {
    let value: Json = leaf as Json;
    for (let i = 0; i < depth; i++) value = asArray ? [value] : { nested: value };
    return value;
  });

/** Any JSON value, biased towards the shapes that break validators; `plausible` adds domain strings. */
export function jsonGarbage(plausible: readonly string[] = []): fc.Arbitrary<Json> {
  return fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, 0.5, -0),
    fc.string(),
    fc.constantFrom('', ' ', ...plausible),
    hugeString,
    deeplyNested,
    fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 20 }) as fc.Arbitrary<Json>,
    fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>,
    fc.constant<Json>([]),
    fc.constant<Json>({}),
  );
}

export interface InvalidCall {
  args: Record<string, Json>;
  /** A field the call certainly gets wrong: the message must name it. */
  badField: string;
}

/** Arguments that are certainly invalid for `schema`: an unknown key, or a known key with a value its schema refuses. */
export function invalidToolArgs(
  schema: AnyZodObject,
  options: { plausible?: readonly string[] } = {},
): fc.Arbitrary<InvalidCall> {
  const garbage = jsonGarbage(options.plausible);
  const shape = (
    schema as unknown as { shape: Record<string, { safeParse(v: unknown): { success: boolean } }> }
  ).shape;
  const keys = Object.keys(shape);
  // "__proto__" is left out: the SDK's request parsing turns it into a prototype, not a key.
  const unknownKey = fc
    .string({ minLength: 1, maxLength: 40 })
    .filter((k) => !keys.includes(k) && k !== '__proto__');
  const unknownField = fc.tuple(unknownKey, garbage).map(([key, value]) => ({ key, value }));
  // A field that takes any JSON value (`z.unknown()`, a tool's free-form `value`) has no wrong
  // value to find: filtering for one would never end.
  const takesAnything = (key: string) =>
    [null, 0, 'x', true, [], {}].every((probe) => shape[key]!.safeParse(probe).success);
  const wrongValue = keys
    .filter((key) => !takesAnything(key))
    .map((key) =>
      garbage
        .map(overTheWire)
        .filter((value) => !shape[key]!.safeParse(value).success)
        .map((value) => ({ key, value })),
    );
  const bad = keys.length > 0 ? fc.oneof(unknownField, ...wrongValue) : unknownField;
  const others = fc.dictionary(
    keys.length > 0 ? fc.oneof(fc.constantFrom(...keys), unknownKey) : unknownKey,
    garbage,
    {
      maxKeys: 4,
    },
  );
  return fc.tuple(others, bad).map(([rest, { key, value }]) => ({
    args: overTheWire({ ...rest, [key]: value }) as Record<string, Json>,
    badField: key,
  }));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What is wrong with `result` as the answer to an invalid call, or undefined when it is right: an
 * `isError` result whose text starts with `Invalid arguments for tool "<tool>":` and lists `badField`.
 */
export function invalidArgsProblem(result: unknown, tool: string, badField: string): string | undefined {
  const text = resultText(result);
  if ((result as { isError?: boolean }).isError !== true)
    return `not an isError result: ${text.slice(0, 300)}`;
  if (!text.startsWith(`Invalid arguments for tool "${tool}":\n`))
    return `unexpected text: ${text.slice(0, 300)}`;
  if (!new RegExp(`\\n- ${escapeRegExp(badField)}[.:]`).test(text)) {
    return `does not name the field ${JSON.stringify(badField)}: ${text.slice(0, 300)}`;
  }
  return undefined;
}
