/**
 * The generated adversary against every ClickUp tool (issue 21 §6): malformed calls derived from the
 * valid calls (__fixtures__/valid-calls.ts) by what each parameter is declared to be, made through a
 * real MCP client against the emulator on a fresh seed each, and checked by property — a refusal is
 * isError before any accepted write and names the fix; a conversion is announced and writes exactly
 * what the valid call wrote; nothing crashes; no valid call is refused. Prints the per-tool table.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClickUpEmulator, type ClickUpEmulator } from '@toolsmith/clickup-emulator';
import { noProgress, silentLogger } from '@toolsmith/core';
import { createMcpServer, parseServeArgs } from '@toolsmith/core/mcp';
import { connectInMemory, type McpTestConnection } from '@toolsmith/testing';
import {
  adversarySeeds,
  formatAdversaryReport,
  mergeReports,
  runAdversary,
  type AdversaryReport,
} from '@toolsmith/testing/adversary';
import { loadConfig } from '../config.ts';
import { createDeps, type ClickUpDeps } from '../deps.ts';
import { createRegistry, serverOptions } from '../server.ts';
import { emulatorEnv } from './__fixtures__/clickup-harness.ts';
import { addSeedExtras, UNCOVERED, VALID_CALLS } from './__fixtures__/valid-calls.ts';

// The webhooks the calls make keep their secrets in a throwaway store.
const store = mkdtempSync(join(tmpdir(), 'clickup-adversary-'));
let emulator: ClickUpEmulator;
let connection: McpTestConnection;
let deps: ClickUpDeps;
let report: AdversaryReport;
const SEEDS = adversarySeeds(process.env['ADVERSARY_SEEDS']);

beforeAll(
  async () => {
    emulator = await createClickUpEmulator();
    deps = createDeps(loadConfig(emulatorEnv(emulator, { CLICKUP_WEBHOOK_STORE: store })), silentLogger);
    const server = createMcpServer({
      ...serverOptions(),
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
          name: 'clickup',
          tools: createRegistry().list(),
          client: connection.client,
          reset: (tool) => {
            emulator.reset();
            addSeedExtras(emulator.state, tool);
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
        },
        { seed },
      );
      runs.push({ seed, report: run });
    }
    report = mergeReports(runs);
    process.stderr.write(`${formatAdversaryReport('clickup', report)}\n`);
  },
  Math.max(300_000, SEEDS.length * 120_000),
);

afterAll(async () => {
  await connection.close();
  await deps.webhookEvents?.close();
  await deps.close();
  await emulator.close();
  rmSync(store, { recursive: true, force: true });
});

describe('the generated adversary, every ClickUp tool', () => {
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
