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
import { invalidArgsProblem, invalidToolArgs, type InvalidCall } from '@toolsmith/testing/fuzz';
import fc from 'fast-check';
import { createRegistry } from '../server.ts';
import { startInProcess, startStdio, type TrackerHarness } from './__fixtures__/tracker-fixture.ts';

const SEED = 0x5eed_b00c;

const PLAUSIBLE = ['DEMO', 'DEMO-1', 'demo-1', 'start_progress', 'P1D', '2026-11-21'];
const invalidArgs = (schema: AnyZodObject) => invalidToolArgs(schema, { plausible: PLAUSIBLE });

async function expectRejected(
  connection: McpTestConnection,
  emulator: TrackerEmulator,
  tool: string,
  call: InvalidCall,
) {
  emulator.api.reset();
  // A thrown protocol error fails the property here.
  const result = await connection.client.callTool({ name: tool, arguments: call.args });
  expect(invalidArgsProblem(result, tool, call.badField)).toBeUndefined();
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
