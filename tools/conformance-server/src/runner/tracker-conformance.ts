/**
 * The transport-level conformance scenarios against the Yandex Tracker MCP server on its emulator
 * (issue 12): each scenario once per protocol era it applies to, with `--scenario` and
 * `--spec-version` (no `--force`: every pairing below is one the suite lists as applicable).
 * The server runs stateless, its default: none of these scenarios needs a session.
 */
import { mkdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { runSuite } from './conformance-suite.ts';
import { readScenarioChecks, type ScenarioChecks } from './scenario-checks.ts';
import { startTrackerTarget, type TrackerTarget } from './tracker-target.ts';

type SpecVersion = '2025-11-25' | '2026-07-28';

/** Scenario and the spec versions (eras) it is run at; from `conformance list --server`. */
export const TRACKER_SCENARIOS: readonly { scenario: string; specVersions: readonly SpecVersion[] }[] = [
  { scenario: 'server-initialize', specVersions: ['2025-11-25'] },
  { scenario: 'tools-list', specVersions: ['2025-11-25', '2026-07-28'] },
  { scenario: 'dns-rebinding-protection', specVersions: ['2025-11-25', '2026-07-28'] },
  { scenario: 'server-stateless', specVersions: ['2026-07-28'] },
  // applicable at 2026-07-28, though not in its frozen requirement set
  { scenario: 'http-header-validation', specVersions: ['2026-07-28'] },
  { scenario: 'caching', specVersions: ['2026-07-28'] },
];

/**
 * Checks that call one of the suite's diagnostic tools, which a product server does not have: the
 * suite marks them untestable there (a FAILURE with `details.untestable`). The fixture server has
 * these tools, so its run (`--requirements 2026-07-28`) scores the same core behaviour.
 */
const NEEDS_DIAGNOSTIC_TOOL: Readonly<Record<string, string>> = {
  'sep-2575-server-rejects-undeclared-capability': 'needs the diagnostic tool test_missing_capability',
  'sep-2575-missing-capability-http-400': 'needs the diagnostic tool test_missing_capability',
  'sep-2575-http-server-no-independent-requests-on-stream':
    'needs the diagnostic tool test_streaming_elicitation',
  'sep-2575-server-no-log-without-loglevel': 'needs the diagnostic tool test_logging_tool',
};

/** The Tracker server's flags on top of `--transport http --host 127.0.0.1 --port 0`. */
const SERVER_ARGS = ['--toolsets', 'all'];

function summaryLine(name: string, checks: ScenarioChecks): string {
  const parts = [`${checks.passed} passed`];
  if (checks.failed.length > 0) parts.push(`${checks.failed.length} failed`);
  if (checks.warnings.length > 0) parts.push(`${checks.warnings.length} warning(s)`);
  if (checks.untestable.length > 0) parts.push(`${checks.untestable.length} untestable here`);
  if (checks.skipped > 0) parts.push(`${checks.skipped} skipped`);
  return `${checks.failed.length > 0 ? '✗' : '✓'} ${name.padEnd(38)} ${parts.join(', ')}`;
}

/** Suite runs at once: each spends most of its ~1.5 s loading the CLI, not waiting on the server. */
const CONCURRENCY = Math.min(4, availableParallelism());

interface ScenarioRun {
  name: string;
  logFile: string;
  code: number;
  checks: ScenarioChecks | Error;
}

async function runScenario(
  url: string,
  outputRoot: string,
  scenario: string,
  specVersion: SpecVersion,
): Promise<ScenarioRun> {
  const name = `${scenario} @ ${specVersion}`;
  const outputDir = path.join(outputRoot, 'yandex-tracker', `${scenario}@${specVersion}`);
  await mkdir(outputDir, { recursive: true });
  const logFile = path.join(outputDir, 'conformance.log');
  const code = await runSuite(
    [
      'server',
      '--url',
      url,
      '--scenario',
      scenario,
      '--spec-version',
      specVersion,
      '--output-dir',
      outputDir,
    ],
    logFile,
  );
  const checks = await readScenarioChecks(outputDir, NEEDS_DIAGNOSTIC_TOOL).catch((error: unknown) =>
    error instanceof Error ? error : new Error(String(error)),
  );
  return { name, logFile, code, checks };
}

/** Prints a run's summary line and what did not pass; returns whether it passed. */
function report(run: ScenarioRun): boolean {
  const { checks } = run;
  if (checks instanceof Error) {
    console.log(
      `✗ ${run.name.padEnd(38)} no results (exit ${run.code}): ${checks.message}; see ${run.logFile}`,
    );
    return false;
  }
  console.log(summaryLine(run.name, checks));
  for (const check of checks.failed)
    console.log(`    ✗ ${check.id}: ${check.errorMessage ?? check.description}`);
  for (const check of checks.warnings)
    console.log(`    ! ${check.id}: ${check.errorMessage ?? check.description}`);
  for (const { check, reason } of checks.untestable) console.log(`    ~ ${check.id}: ${reason}`);
  return checks.failed.length === 0;
}

/** Runs every scenario; prints one line per run, in order; resolves with whether all of them passed. */
export async function runTrackerConformance(outputRoot: string): Promise<boolean> {
  const started = performance.now();
  console.log('\n=== MCP conformance, transport scenarios against yandex-tracker-mcp (emulator) ===');
  let target: TrackerTarget;
  try {
    target = await startTrackerTarget(SERVER_ARGS);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return false;
  }
  let passed = true;
  try {
    const startup = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `yandex-tracker-mcp ${target.url} (stateless, ${SERVER_ARGS.join(' ')}) on ${target.emulatorUrl}, up in ${startup} s\n`,
    );
    const queue = TRACKER_SCENARIOS.flatMap(({ scenario, specVersions }) =>
      specVersions.map((specVersion) => ({ scenario, specVersion })),
    );
    const runs: Promise<ScenarioRun>[] = [];
    const slots = Array.from({ length: CONCURRENCY }, () => Promise.resolve());
    queue.forEach(({ scenario, specVersion }, i) => {
      const run = slots[i % CONCURRENCY]!.then(() =>
        runScenario(target.url, outputRoot, scenario, specVersion),
      );
      slots[i % CONCURRENCY] = run.then(
        () => undefined,
        () => undefined,
      );
      runs.push(run);
    });
    // every run settles before the target stops, so none is left talking to a stopped server
    for (const [i, run] of (await Promise.allSettled(runs)).entries()) {
      if (run.status === 'fulfilled' ? report(run.value) : false) continue;
      passed = false;
      if (run.status === 'rejected')
        console.log(`✗ ${queue[i]!.scenario} @ ${queue[i]!.specVersion}: ${run.reason}`);
    }
  } catch (error) {
    passed = false;
    console.error(error instanceof Error ? error.message : error);
  } finally {
    if (!passed) console.error(`\nyandex-tracker-mcp and emulator output (tail):\n${target.log()}`);
    await target.stop();
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`\nyandex-tracker-mcp: ${passed ? 'all scenarios passed' : 'FAILED'} (${seconds} s)`);
  return passed;
}
