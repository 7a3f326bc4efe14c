/**
 * The ClickUp server under test, driven by the MCP SDK's real Client: in process (linked in-memory
 * transports) or as a child process over stdio, against the HTTP-level emulator.
 */
import { fileURLToPath } from 'node:url';
import { createClickUpEmulator, type ClickUpEmulator } from '@toolsmith/clickup-emulator';
import { silentLogger } from '@toolsmith/core';
import { createMcpServer, parseServeArgs } from '@toolsmith/core/mcp';
import {
  connectInMemory,
  connectStdio,
  resultText,
  type ClientEra,
  type McpTestConnection,
} from '@toolsmith/testing';
import { loadConfig } from '../../config.ts';
import { createDeps } from '../../deps.ts';
import { createRegistry, serverOptions } from '../../server.ts';

export const BIN = fileURLToPath(new URL('../../bin/clickup-mcp.ts', import.meta.url));

export interface ToolCall {
  isError: boolean;
  text: string;
  json: unknown;
}

export interface ClickUpHarness {
  emulator: ClickUpEmulator;
  connection: McpTestConnection;
  call(name: string, args?: Record<string, unknown>): Promise<ToolCall>;
  close(): Promise<void>;
}

export function emulatorEnv(emulator: ClickUpEmulator, extra: Record<string, string> = {}) {
  return {
    CLICKUP_API_BASE: emulator.url,
    CLICKUP_API_TOKEN: emulator.token,
    CLICKUP_RETRIES: '1',
    ...extra,
  };
}

/** The parent's environment without CLICKUP_*, MCP_* and jest's NODE_OPTIONS, plus `vars`. */
export function serverEnv(vars: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || key === 'NODE_OPTIONS' || key.startsWith('CLICKUP_') || key.startsWith('MCP_'))
      continue;
    env[key] = value;
  }
  return { ...env, ...vars };
}

function toCall(raw: unknown): ToolCall {
  const text = resultText(raw);
  let json: unknown;
  try {
    json = JSON.parse(text.split('\n').at(-1) ?? '');
  } catch {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  return { isError: (raw as { isError?: boolean }).isError === true, text, json };
}

export interface StartOptions {
  args?: string[];
  env?: Record<string, string>;
  era?: ClientEra;
}

/** In-process server with every toolset unless `args` say otherwise. */
export async function startInProcess(options: StartOptions = {}): Promise<ClickUpHarness> {
  const emulator = await createClickUpEmulator();
  const deps = createDeps(loadConfig(emulatorEnv(emulator, options.env)), silentLogger);
  const args = parseServeArgs(options.args ?? ['--toolsets', 'all'], {});
  const connection = await connectInMemory(
    createMcpServer({
      ...serverOptions(),
      registry: createRegistry(),
      deps,
      logger: silentLogger,
      selection: args.selection,
    }),
  );
  return {
    emulator,
    connection,
    call: async (name, a = {}) => toCall(await connection.client.callTool({ name, arguments: a })),
    async close() {
      await connection.close();
      await deps.webhookEvents?.close();
      await deps.close();
      await emulator.close();
    },
  };
}

/** The bin as a child process over stdio, as Claude Desktop runs it. */
export async function startStdio(options: StartOptions = {}): Promise<ClickUpHarness> {
  const emulator = await createClickUpEmulator();
  const connection = await connectStdio({
    command: process.execPath,
    args: ['--conditions=@toolsmith/source', BIN, ...(options.args ?? ['--toolsets', 'all'])],
    env: serverEnv(emulatorEnv(emulator, options.env)),
    ...(options.era ? { era: options.era } : {}),
  });
  return {
    emulator,
    connection,
    call: async (name, a = {}) => toCall(await connection.client.callTool({ name, arguments: a })),
    async close() {
      await connection.close();
      await emulator.close();
    },
  };
}
