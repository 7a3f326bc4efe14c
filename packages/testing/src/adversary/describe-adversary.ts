/**
 * The generated adversary as a jest suite — what every server's adversary test declares. Once,
 * before the tests: the server starts (its emulator and deps), is served in memory to a real MCP
 * client with every toolset, and the adversary runs on each seed (`ADVERSARY_SEEDS`, else one
 * bounded run), the reports merged and the per-tool table printed on stderr. Then three tests:
 * every tool covered by valid calls (or listed as uncovered, with why), no violation, and at least
 * 95 % of the malformed calls caught before the API or converted.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { noProgress, silentLogger } from '@toolsmith/core';
import { createMcpServer, type McpServerOptions } from '@toolsmith/core/mcp';
import { connectInMemory, type McpTestConnection } from '../harness/connect.ts';
import type { AdversaryTarget } from './adversary-target.ts';
import {
  adversarySeeds,
  formatAdversaryReport,
  mergeReports,
  runAdversary,
  type AdversaryOptions,
  type AdversaryReport,
} from './run-adversary.ts';

/** What a suite starts: the server, what the runs need of its emulator, and how to stop both. */
export interface AdversarySubject<TDeps> {
  /** The server as `createMcpServer` takes it; it is served with every toolset and a silent logger. */
  readonly server: Omit<McpServerOptions<TDeps>, 'selection' | 'logger'>;
  /**
   * The emulator's side of the target (reset, requests), the valid calls and the reference data.
   * The tools are the registry's, the client the suite's, and the context reads `server.deps`.
   */
  readonly target: Omit<AdversaryTarget<TDeps>, 'name' | 'tools' | 'client' | 'context'>;
  /** Stops what `start` started (deps, emulator, temporary stores). */
  close(): Promise<void>;
}

export interface AdversarySuite<TDeps> {
  /** Short name for the report (`clickup`, `yandex-tracker`). */
  readonly name: string;
  /** Starts the emulator and the server's deps, once before the runs. */
  start(): Promise<AdversarySubject<TDeps>>;
  /** Options of every run but its seed (`isWrite`, `maxPerTool`, `only`). */
  readonly options?: Omit<AdversaryOptions, 'seed'>;
  /** @default adversarySeeds(process.env.ADVERSARY_SEEDS) */
  readonly seeds?: readonly number[];
  /** The fewest malformed and valid calls the runs must make together. @default 1500 */
  readonly minCalls?: number;
}

/** Declares the adversary suite `title`; call at the top level of a test file. */
export function describeAdversary<TDeps>(title: string, suite: AdversarySuite<TDeps>): void {
  const seeds = suite.seeds ?? adversarySeeds(process.env['ADVERSARY_SEEDS']);
  let subject: AdversarySubject<TDeps> | undefined;
  let connection: McpTestConnection | undefined;
  let report: AdversaryReport;

  describe(title, () => {
    beforeAll(
      async () => {
        subject = await suite.start();
        const { server, target } = subject;
        connection = await connectInMemory(
          createMcpServer({
            ...server,
            selection: { readOnly: false, toolsets: ['all'] },
            logger: silentLogger,
          }),
        );
        const runs = [];
        for (const seed of seeds) {
          const run = await runAdversary(
            {
              ...target,
              name: suite.name,
              tools: server.registry.list(),
              client: connection.client,
              context: () => ({
                deps: server.deps,
                signal: new AbortController().signal,
                progress: noProgress,
                logger: silentLogger,
                toolName: 'adversary',
              }),
            },
            { ...suite.options, seed },
          );
          runs.push({ seed, report: run });
        }
        report = mergeReports(runs);
        process.stderr.write(`${formatAdversaryReport(suite.name, report)}\n`);
      },
      // One bounded run in npm test; ADVERSARY_SEEDS=1..50 (npm run bench -- adversary) makes many.
      Math.max(300_000, seeds.length * 120_000),
    );

    afterAll(async () => {
      await connection?.close();
      await subject?.close();
    });

    it('covers every tool with valid calls (or says why not)', () => {
      const covered = new Set(report.rows.map((r) => r.tool));
      const uncovered = subject!.target.uncovered ?? {};
      const registered = subject!.server.registry.list().map((t) => t.name);
      expect(registered.filter((name) => !covered.has(name) && !(name in uncovered))).toEqual([]);
      expect(report.totals.generated).toBeGreaterThan(suite.minCalls ?? 1_500);
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
}
