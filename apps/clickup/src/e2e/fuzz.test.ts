/**
 * Fuzzing every ClickUp tool with invalid arguments through a real MCP client: every answer is an
 * `isError` tool result that starts with "Invalid arguments for tool" and names the bad field, no
 * request reached the API (validation happens before any I/O: no partial writes), and the server
 * still answers afterwards. Fixed seed; fast-check prints the counterexample on a failure.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AnyZodObject } from '@toolsmith/core';
import { invalidArgsProblem, invalidToolArgs, type InvalidCall } from '@toolsmith/testing/fuzz';
import fc from 'fast-check';
import { createRegistry } from '../server.ts';
import { startInProcess, startStdio, type ClickUpHarness } from './__fixtures__/clickup-harness.ts';

const SEED = 0xc11c_0b5;
const PLAUSIBLE = ['DEV-1', '901510000001', 'me', 'in progress', '2026-11-25', 'Priority Level'];
const invalidArgs = (schema: AnyZodObject) => invalidToolArgs(schema, { plausible: PLAUSIBLE });

async function expectRejected(h: ClickUpHarness, tool: string, call: InvalidCall) {
  const before = h.emulator.requests.length;
  const result = await h.connection.client.callTool({ name: tool, arguments: call.args });
  expect(invalidArgsProblem(result, tool, call.badField)).toBeUndefined();
  expect(h.emulator.requests.length).toBe(before);
}

async function expectAlive(h: ClickUpHarness) {
  const alive = await h.call('clickup_get_task', { task_id: 'DEV-1' });
  expect(alive.isError).toBe(false);
  expect(alive.text).toContain('"customId":"DEV-1"');
}

const tools = createRegistry().list();

describe('fuzz: invalid arguments, in memory', () => {
  let h: ClickUpHarness;
  beforeAll(async () => {
    h = await startInProcess();
  });
  afterAll(() => h.close());

  for (const tool of tools) {
    it(`${tool.name}: every invalid call is an isError result naming the field, with no API request`, async () => {
      await fc.assert(
        fc.asyncProperty(invalidArgs(tool.getParamsSchema()), (call) => expectRejected(h, tool.name, call)),
        { seed: SEED, numRuns: 30 },
      );
      await expectAlive(h);
    }, 30_000);
  }
});

describe('fuzz: invalid arguments, over stdio', () => {
  let h: ClickUpHarness;
  beforeAll(async () => {
    h = await startStdio();
  }, 20_000);
  afterAll(() => h.close());

  it('every tool: an isError result naming the field, with no API request; the process survives', async () => {
    const anyTool = fc.oneof(
      ...tools.map((tool) => invalidArgs(tool.getParamsSchema()).map((call) => ({ tool: tool.name, call }))),
    );
    await fc.assert(
      fc.asyncProperty(anyTool, ({ tool, call }) => expectRejected(h, tool, call)),
      { seed: SEED, numRuns: 150 },
    );
    await expectAlive(h);
  }, 60_000);
});
