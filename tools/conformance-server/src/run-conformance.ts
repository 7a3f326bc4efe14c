/**
 * `nx run @toolsmith/conformance-server:conformance`: the official MCP conformance suite against
 *
 * 1. the fixture server (this package): started on a free port, it runs each protocol era's frozen
 *    requirement set (2026-07-28 and 2025-11-25) — no baseline of expected failures: a gap is a
 *    failure;
 * 2. the Yandex Tracker MCP server on its API emulator: the transport-level scenarios
 *    (runner/tracker-conformance.ts).
 *
 * Both parts always run; the exit code is 1 when any scored check failed in either. Every child
 * process is stopped on the way out, also on a failure or SIGINT. `--only fixture` or
 * `--only tracker` runs one part.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { installChildCleanup, spawnTracked, stopChild } from './runner/child-processes.ts';
import { runSuite } from './runner/conformance-suite.ts';
import { freePort } from '@toolsmith/testing';
import { runTrackerConformance } from './runner/tracker-conformance.ts';
import { waitForHealth } from './runner/wait-for-health.ts';

const REVISIONS = ['2026-07-28', '2025-11-25'] as const;
const PARTS = ['fixture', 'tracker'] as const;

async function runFixtureConformance(outputRoot: string): Promise<boolean> {
  const port = await freePort();
  const server = spawnTracked(
    process.execPath,
    [
      '--conditions=@toolsmith/source',
      path.join(import.meta.dirname, 'main.ts'),
      '--transport',
      'http',
      '--port',
      String(port),
      // Sessions: a 2025-11-25 client's logging/setLevel and server-to-client elicitation need one;
      // 2026-07-28 requests are served statelessly either way.
      '--stateful',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let serverLog = '';
  server.child.stderr?.on('data', (chunk: Buffer) => {
    serverLog = (serverLog + chunk.toString()).slice(-20_000);
  });
  try {
    await waitForHealth(`http://127.0.0.1:${port}/health`, server, 'the fixture server');
    const failed: string[] = [];
    for (const revision of REVISIONS) {
      console.log(`\n=== MCP conformance, requirements ${revision}, against the fixture server ===`);
      const code = await runSuite([
        'server',
        '--url',
        `http://127.0.0.1:${port}/mcp`,
        '--requirements',
        revision,
        '--output-dir',
        path.join(outputRoot, revision),
      ]);
      if (code !== 0) failed.push(revision);
    }
    if (failed.length > 0) console.error(`\nFixture server: conformance failed for ${failed.join(', ')}.`);
    else console.log('\nFixture server: conformance passed for every revision.');
    return failed.length === 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    console.error(`Fixture server log (tail):\n${serverLog}`);
    return false;
  } finally {
    await stopChild(server);
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { only: { type: 'string' } } });
  const only = values.only;
  if (only !== undefined && !(PARTS as readonly string[]).includes(only)) {
    console.error(`--only takes ${PARTS.join(' or ')}, not "${only}".`);
    return 2;
  }
  installChildCleanup();
  const outputRoot = await mkdtemp(path.join(tmpdir(), 'toolsmith-conformance-'));
  const results: Record<string, boolean> = {};
  if (only !== 'tracker') results['fixture server'] = await runFixtureConformance(outputRoot);
  if (only !== 'fixture') results['yandex-tracker-mcp'] = await runTrackerConformance(outputRoot);
  console.log(`\nDetailed results (checks.json per scenario): ${outputRoot}`);
  const failed = Object.keys(results).filter((part) => !results[part]);
  if (failed.length > 0) {
    console.error(`Conformance failed for: ${failed.join(', ')}.`);
    return 1;
  }
  console.log('Conformance passed.');
  return 0;
}

process.exitCode = await main();
