/**
 * Fuzzing every Tracker tool with invalid arguments through a real MCP client: in memory (many
 * runs per tool) and over stdio (fewer, across all tools). Properties: every answer is a tool
 * result (no protocol error, no crash); it is an `isError` result that starts with "Invalid
 * arguments for tool" and names the bad field; no request reached the API (validation happens
 * before any I/O, so partial writes cannot happen); and the server still answers afterwards.
 *
 * The seed is fixed; on a failure fast-check prints it with the counterexample and its path.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AnyZodObject } from '@toolsmith/core';
import { resultText, type McpTestConnection } from '@toolsmith/testing';
import type { TrackerEmulator } from '@toolsmith/yandex-tracker-emulator';
import fc from 'fast-check';
import { createRegistry } from '../server.ts';
import { startInProcess, startStdio, type TrackerHarness } from './__fixtures__/tracker-fixture.ts';

const SEED = 0x5eed_b00c;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** What the wire does to a value: the stdio and HTTP transports send JSON. */
const overTheWire = (value: unknown) => JSON.parse(JSON.stringify(value)) as Json;

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

/** Any JSON value, biased towards the shapes that break validators. */
const garbage: fc.Arbitrary<Json> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, 0.5, -0),
  fc.string(),
  fc.constantFrom('', ' ', 'DEMO', 'DEMO-1', 'demo-1', 'start_progress', 'P1D', '2026-11-21'),
  hugeString,
  deeplyNested,
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 20 }) as fc.Arbitrary<Json>,
  fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>,
  fc.constant<Json>([]),
  fc.constant<Json>({}),
);

interface InvalidCall {
  args: Record<string, Json>;
  /** A field the call certainly gets wrong: the message must name it. */
  badField: string;
}

/** Arguments that are certainly invalid for `schema`: an unknown key, or a known key with a value its schema refuses. */
function invalidArgs(schema: AnyZodObject): fc.Arbitrary<InvalidCall> {
  const shape = (
    schema as unknown as { shape: Record<string, { safeParse(v: unknown): { success: boolean } }> }
  ).shape;
  const keys = Object.keys(shape);
  // "__proto__" is left out: the SDK's request parsing turns it into a prototype, not a key.
  const unknownKey = fc
    .string({ minLength: 1, maxLength: 40 })
    .filter((k) => !keys.includes(k) && k !== '__proto__');
  const unknownField = fc.tuple(unknownKey, garbage).map(([key, value]) => ({ key, value }));
  const wrongValue = keys.map((key) =>
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

async function expectRejected(
  connection: McpTestConnection,
  emulator: TrackerEmulator,
  tool: string,
  call: InvalidCall,
) {
  emulator.api.reset();
  // A thrown protocol error fails the property here.
  const result = await connection.client.callTool({ name: tool, arguments: call.args });
  const text = resultText(result);
  expect(result.isError).toBe(true);
  expect(text.startsWith(`Invalid arguments for tool "${tool}":\n`)).toBe(true);
  expect(text).toMatch(new RegExp(`\\n- ${escapeRegExp(call.badField)}[.:]`));
  expect(emulator.requests).toHaveLength(0);
}

async function expectAlive(connection: McpTestConnection) {
  const ping = await connection.client.callTool({
    name: 'tracker_get_issues',
    arguments: { issueIds: ['DEMO-1'] },
  });
  expect(ping.isError).toBeFalsy();
  expect(resultText(ping)).toContain('"key":"DEMO-1"');
}

const tools = createRegistry().list();

describe('fuzz: invalid arguments, in memory', () => {
  let t: TrackerHarness;
  beforeAll(async () => {
    t = await startInProcess();
  });
  afterAll(() => t.close());

  for (const tool of tools) {
    it(`${tool.name}: every invalid call is an isError result naming the field, with no API request`, async () => {
      await fc.assert(
        fc.asyncProperty(invalidArgs(tool.getParamsSchema()), (call) =>
          expectRejected(t.connection, t.emulator, tool.name, call),
        ),
        { seed: SEED, numRuns: 40 },
      );
      await expectAlive(t.connection);
    }, 30_000);
  }
});

describe('fuzz: invalid arguments, over stdio', () => {
  let t: TrackerHarness;
  beforeAll(async () => {
    t = await startStdio();
  }, 15_000);
  afterAll(() => t.close());

  it('every tool: an isError result naming the field, with no API request; the process survives', async () => {
    const anyTool = fc.oneof(
      ...tools.map((tool) => invalidArgs(tool.getParamsSchema()).map((call) => ({ tool: tool.name, call }))),
    );
    await fc.assert(
      fc.asyncProperty(anyTool, ({ tool, call }) => expectRejected(t.connection, t.emulator, tool, call)),
      { seed: SEED, numRuns: 60 },
    );
    await expectAlive(t.connection);
  }, 60_000);
});
