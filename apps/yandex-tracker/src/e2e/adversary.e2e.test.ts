/**
 * The generated adversary against every Tracker tool (issue 21 §6): malformed calls derived from the
 * valid calls (valid-calls.ts) by what each parameter is declared to be, made through a real MCP
 * client against the emulator on a fresh seed each, and checked by property — a refusal is isError
 * before any accepted write and names the fix; a conversion is announced and writes exactly what the
 * valid call wrote; nothing crashes; no valid call is refused. Prints the per-tool table.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { noProgress, silentLogger } from '@toolsmith/core';
import { createMcpServer, parseServeArgs } from '@toolsmith/core/mcp';
import { connectInMemory, type McpTestConnection } from '@toolsmith/testing';
import {
  adversarySeeds,
  formatAdversaryReport,
  mergeReports,
  runAdversary,
  type AdversaryReport,
  type SeenRequest,
} from '@toolsmith/testing/adversary';
import { createTrackerEmulator, type TrackerEmulator } from '@toolsmith/yandex-tracker-emulator';
import { loadConfig } from '../config.ts';
import { createDeps, createRegistry, SERVER_NAME, SERVER_VERSION } from '../server.ts';
import type { TrackerDeps } from '../tools/deps.ts';
import { emulatorEnv, TOKEN } from './__fixtures__/tracker-fixture.ts';
import { addSeedExtras, UNCOVERED, VALID_CALLS } from './__fixtures__/valid-calls.ts';

/** Searches and counts are POSTs that change nothing. */
const READ_POSTS = /\/(_search|_count|_findByUnique)$/;
const isWrite = (request: SeenRequest) => request.method !== 'GET' && !READ_POSTS.test(request.path);

/** A create carries a `unique` key derived from the call: the same issue, another key per run. */
function volatile(request: SeenRequest): SeenRequest {
  const body = request.body;
  if (body === null || typeof body !== 'object' || !('unique' in body)) return request;
  const { unique: _unique, ...rest } = body as Record<string, unknown>;
  return { ...request, body: rest };
}

let emulator: TrackerEmulator;
let connection: McpTestConnection;
let deps: TrackerDeps;
let report: AdversaryReport;
const SEEDS = adversarySeeds(process.env['ADVERSARY_SEEDS']);

beforeAll(
  async () => {
    emulator = await createTrackerEmulator({ token: TOKEN });
    deps = createDeps(loadConfig(emulatorEnv(emulator)), { retryBaseDelayMs: 5 });
    const server = createMcpServer({
      name: SERVER_NAME,
      version: SERVER_VERSION,
      registry: createRegistry(),
      deps,
      selection: parseServeArgs(['--toolsets', 'all'], {}).selection,
      logger: silentLogger,
    });
    connection = await connectInMemory(server);
    // One bounded run in npm test; ADVERSARY_SEEDS=1..50 (npm run bench -- adversary) makes many.
    const runs = [];
    for (const seed of SEEDS) {
      const run = await runAdversary(
        {
          name: 'yandex-tracker',
          tools: createRegistry().list(),
          client: connection.client,
          reset: () => {
            emulator.reset();
            addSeedExtras(emulator.state);
          },
          requests: () => emulator.requests,
          validCalls: VALID_CALLS,
          uncovered: UNCOVERED,
          references: deps.references,
          context: () => ({
            deps,
            signal: new AbortController().signal,
            progress: noProgress,
            logger: silentLogger,
            toolName: 'adversary',
          }),
          volatile,
        },
        { isWrite, seed },
      );
      runs.push({ seed, report: run });
    }
    report = mergeReports(runs);
    process.stderr.write(`${formatAdversaryReport('yandex-tracker', report)}\n`);
  },
  Math.max(300_000, SEEDS.length * 120_000),
);

afterAll(async () => {
  await connection.close();
  await emulator.close();
});

describe('the generated adversary, every Tracker tool', () => {
  it('covers every tool with valid calls (or says why not)', () => {
    const covered = report.rows.map((r) => r.tool);
    const registered = createRegistry()
      .list()
      .map((t) => t.name);
    expect(registered.filter((name) => !covered.includes(name) && !(name in UNCOVERED))).toEqual([]);
    expect(report.totals.generated).toBeGreaterThan(1_500);
  });

  it('finds no violation: no silent wrong write or read, no crash, no refusal without a fix, no valid call refused', () => {
    expect(
      report.violations.map(
        (v) => `${v.tool} ${v.mistake} ${v.field}: ${v.kind} — ${v.detail.slice(0, 200)}`,
      ),
    ).toEqual([]);
  });

  it('catches before the API or converts at least 95 % of the malformed calls', () => {
    expect(report.handledShare).toBeGreaterThanOrEqual(0.95);
  });
});
