/**
 * Fuzzing every tool with invalid arguments through a real MCP client: in memory (many runs) and
 * over stdio (fewer). Properties: every answer is a tool result (no protocol error, no crash);
 * it is an `isError` result that starts with "Invalid arguments for tool" and names the bad
 * field; no request reached the API (validation happens before any I/O, so partial writes
 * cannot happen); and the server still answers `bookshelf_ping` afterwards.
 *
 * The seed is fixed; on a failure fast-check prints it with the counterexample and its path.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { AnyZodObject } from '@toolsmith/core';
import { connectStdio, resultText, type McpTestConnection } from '@toolsmith/testing';
import { invalidArgsProblem, invalidToolArgs, type InvalidCall } from '@toolsmith/testing/fuzz';
import fc from 'fast-check';
import type { BookshelfEmulator } from '../api/bookshelf-emulator.ts';
import { createRegistry } from '../server.ts';
import {
  connectInProcess,
  emulatorEnv,
  NODE_ARGS,
  serverEnv,
  startEmulator,
  trackResources,
} from './__fixtures__/bookshelf-fixture.ts';

const SEED = 0x5eed_b00c;

const PLAUSIBLE = ['bk_', 'bk_001', 'to-read', 'csv', '978-0-00-100001-0'];
const invalidArgs = (schema: AnyZodObject) => invalidToolArgs(schema, { plausible: PLAUSIBLE });

async function expectRejected(
  connection: McpTestConnection,
  emulator: BookshelfEmulator,
  tool: string,
  call: InvalidCall,
) {
  emulator.reset();
  // A thrown protocol error fails the property here.
  const result = await connection.client.callTool({ name: tool, arguments: call.args });
  expect(invalidArgsProblem(result, tool, call.badField)).toBeUndefined();
  expect(emulator.requests).toHaveLength(0);
}

async function expectAlive(connection: McpTestConnection) {
  const ping = await connection.client.callTool({ name: 'bookshelf_ping', arguments: {} });
  expect(ping.isError).toBeFalsy();
  expect(JSON.parse(resultText(ping))).toMatchObject({ ok: true });
}

const tools = createRegistry().list();

describe('fuzz: invalid arguments, in memory', () => {
  const shared = trackResources('all');
  let emulator: BookshelfEmulator;
  let connection: McpTestConnection;

  beforeAll(async () => {
    emulator = await startEmulator(shared);
    connection = await connectInProcess(shared, emulator);
  });

  for (const tool of tools) {
    it(`${tool.name}: every invalid call is an isError result naming the field, with no API request`, async () => {
      await fc.assert(
        fc.asyncProperty(invalidArgs(tool.getParamsSchema()), (call) =>
          expectRejected(connection, emulator, tool.name, call),
        ),
        { seed: SEED, numRuns: 120 },
      );
      await expectAlive(connection);
    }, 30_000);
  }

  it('arguments that are not an object are refused at the protocol level, before any API request', async () => {
    for (const args of [[1, 2], null, 'bk_001', 42, true]) {
      emulator.reset();
      const error = await connection.client
        .callTool({ name: 'bookshelf_get_book', arguments: args as never })
        .then(
          () => undefined,
          (e: unknown) => e as { code?: number; message?: string },
        );
      expect([args, error?.code]).toEqual([args, expect.any(Number)]);
      expect(error?.message).toContain('arguments');
      expect(emulator.requests).toHaveLength(0);
    }
    await expectAlive(connection);
  });
});

describe('fuzz: invalid arguments, over stdio', () => {
  const shared = trackResources('all');
  let emulator: BookshelfEmulator;
  let connection: McpTestConnection;

  beforeAll(async () => {
    emulator = await startEmulator(shared);
    connection = shared.add(
      await connectStdio({
        command: process.execPath,
        args: NODE_ARGS,
        env: serverEnv(emulatorEnv(emulator)),
      }),
      (c) => c.close(),
    );
  }, 15_000);

  it('every tool: an isError result naming the field, with no API request; the process survives', async () => {
    const anyTool = fc.oneof(
      ...tools.map((tool) => invalidArgs(tool.getParamsSchema()).map((call) => ({ tool: tool.name, call }))),
    );
    await fc.assert(
      fc.asyncProperty(anyTool, ({ tool, call }) => expectRejected(connection, emulator, tool, call)),
      { seed: SEED, numRuns: 40 },
    );
    await expectAlive(connection);
  }, 30_000);
});
