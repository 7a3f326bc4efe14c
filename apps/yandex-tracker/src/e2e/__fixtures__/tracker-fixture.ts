/**
 * Shared set-up of the Tracker tests: the emulator, and the server either in-process (linked
 * in-memory transports, for fast per-tool tests) or as a child process over stdio (as Claude
 * Desktop runs it). Both are driven by the MCP SDK's real Client.
 */
import { fileURLToPath } from 'node:url';
import { expect } from '@jest/globals';
import { silentLogger } from '@toolsmith/core';
import { createMcpServer, parseServeArgs } from '@toolsmith/core/mcp';
import {
  connectInMemory,
  connectStdio,
  resultText,
  type ClientEra,
  type McpTestConnection,
} from '@toolsmith/testing';
import {
  createTrackerEmulator,
  type TrackerEmulator,
  type TrackerEmulatorOptions,
} from '@toolsmith/yandex-tracker-emulator';
import { loadConfig } from '../../config.ts';
import { createDeps, createRegistry, SERVER_NAME, SERVER_VERSION } from '../../server.ts';

export const BIN = fileURLToPath(new URL('../../bin/yandex-tracker-mcp.ts', import.meta.url));
/** Distinctive, so a leak into any log or message is easy to grep for. */
export const TOKEN = 'y0_TRACKER_e2e_TOKEN_7c1f09ab';

export interface ToolCall {
  isError: boolean;
  text: string;
  /** `structuredContent`, or the text parsed as JSON when it is JSON. */
  json: unknown;
  raw: unknown;
  /** The first block when it is core's `converted: …` / `assumed: …` lines. */
  notes: string | undefined;
}

export interface TrackerHarness {
  emulator: TrackerEmulator;
  connection: McpTestConnection;
  call(name: string, args?: Record<string, unknown>): Promise<ToolCall>;
  close(): Promise<void>;
}

/**
 * The reads of the reference data a refusal may rest on (tools/shared/references.ts): a value missing
 * from data older than 5 s is looked up once more before it is refused (core's recheckMissAfterMs),
 * which a loaded machine reaches between two calls of one test file.
 */
const REFERENCE_READ = new RegExp(
  '^(GET /v2/myself|GET /v3/(users|queues|statuses|priorities|issuetypes|resolutions|fields)' +
    '|GET /v2/(components|boards|projects|linktypes)|GET /v2/queues/[^/]+/components|GET /v3/queues/[^/]+/fields' +
    '|GET /v3/boards/[^/]+/sprints|POST /v3/entities/[^/]+/_search|POST /v3/dashboards/_search)$',
);

/**
 * A call the server must refuse before the API: asserts the answer is an error and that no request
 * reached the emulator but, at most, a fresh read of the reference data it checked against — and
 * returns the error text.
 */
export async function refusedUnsent(
  t: TrackerHarness,
  name: string,
  args: Record<string, unknown>,
): Promise<string> {
  const before = t.emulator.requests.length;
  const result = await t.call(name, args);
  expect(result.isError).toBe(true);
  const sent = t.emulator.requests.slice(before).map((r) => `${r.method} ${r.path}`);
  expect(sent.filter((request) => !REFERENCE_READ.test(request))).toEqual([]);
  return result.text;
}

/**
 * The server's environment on the emulator. Deletes and moves go ahead without the user's yes
 * (YANDEX_TRACKER_CONFIRM_DESTRUCTIVE=false, an operator's setting) in the area tests, which test
 * what the tools do; the confirmation itself is tested with it on (confirmation.test.ts, the valid
 * calls and the adversary, whose deletes and moves carry `confirm: true`).
 */
export function emulatorEnv(
  emulator: TrackerEmulator,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    YANDEX_TRACKER_API_BASE: emulator.url,
    YANDEX_TRACKER_TOKEN: emulator.token,
    YANDEX_ORG_ID: emulator.orgId,
    YANDEX_TRACKER_BULK_POLL_MS: '20',
    YANDEX_TRACKER_CONFIRM_DESTRUCTIVE: 'false',
    ...extra,
  };
}

/**
 * The environment of a spawned server: the parent's without YANDEX_* and MCP_* variables and without
 * jest's NODE_OPTIONS (the server runs as a user would run it), plus `vars`.
 */
export function serverEnv(vars: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || key === 'NODE_OPTIONS' || key.startsWith('YANDEX_') || key.startsWith('MCP_'))
      continue;
    env[key] = value;
  }
  return { ...env, ...vars };
}

/** The `converted: …` / `assumed: …` block core puts first in an answer, when there is one. */
const NOTES = /^(converted|assumed): /;

function toCall(raw: unknown): ToolCall {
  const result = raw as {
    isError?: boolean;
    structuredContent?: unknown;
    content?: Array<{ text?: string }>;
  };
  const text = resultText(raw);
  let json: unknown = result.structuredContent;
  if (json === undefined) {
    // The data is the block after the notes (if any).
    const blocks = (result.content ?? []).map((c) => c.text ?? '');
    const data = NOTES.test(blocks[0] ?? '') ? blocks.slice(1).join('\n') : text;
    try {
      json = JSON.parse(data);
    } catch {
      json = undefined;
    }
  }
  const first = result.content?.[0]?.text ?? '';
  return { isError: result.isError === true, text, json, raw, notes: NOTES.test(first) ? first : undefined };
}

function harness(
  emulator: TrackerEmulator,
  connection: McpTestConnection,
  ownsEmulator: boolean,
): TrackerHarness {
  return {
    emulator,
    connection,
    async call(name, args = {}) {
      return toCall(await connection.client.callTool({ name, arguments: args }));
    },
    async close() {
      await connection.close();
      if (ownsEmulator) await emulator.close();
    },
  };
}

export interface StartOptions {
  /** Extra environment (YANDEX_TRACKER_QUEUES, …). */
  env?: Record<string, string>;
  /** serve flags, e.g. ['--read-only'] or ['--toolsets', 'all'] (in-process: parsed the same way). */
  args?: string[];
  emulator?: TrackerEmulator;
  emulatorOptions?: TrackerEmulatorOptions;
  /** Which protocol era the client speaks (spawned servers). @default 'legacy' (2025-11-25) */
  era?: ClientEra;
}

/** In-process server (all toolsets unless `args` say otherwise), real Client over linked transports. */
export async function startInProcess(options: StartOptions = {}): Promise<TrackerHarness> {
  const emulator =
    options.emulator ?? (await createTrackerEmulator({ token: TOKEN, ...options.emulatorOptions }));
  const config = loadConfig(emulatorEnv(emulator, options.env));
  const args = parseServeArgs(options.args ?? ['--toolsets', 'all'], {});
  const server = createMcpServer({
    name: SERVER_NAME,
    version: SERVER_VERSION,
    registry: createRegistry(),
    deps: createDeps(config, { retryBaseDelayMs: 5 }),
    selection: args.selection,
    logger: silentLogger,
  });
  return harness(emulator, await connectInMemory(server), options.emulator === undefined);
}

/** The real bin as a child process over stdio. */
export async function startStdio(options: StartOptions = {}): Promise<TrackerHarness & { stderr(): string }> {
  const emulator =
    options.emulator ?? (await createTrackerEmulator({ token: TOKEN, ...options.emulatorOptions }));
  const env = serverEnv();
  const connection = await connectStdio({
    command: process.execPath,
    args: ['--conditions=@toolsmith/source', BIN, ...(options.args ?? ['--toolsets', 'all'])],
    env: { ...env, ...emulatorEnv(emulator, options.env) },
    ...(options.era ? { era: options.era } : {}),
  });
  return {
    ...harness(emulator, connection, options.emulator === undefined),
    stderr: () => connection.stderr(),
  };
}
