/**
 * `nx run @toolsmith/conformance-server:conformance`: starts the fixture server on a free port,
 * waits for `/health`, runs the official MCP conformance suite against it for each protocol era
 * (the frozen requirement sets of 2026-07-28 and 2025-11-25), and fails when any scored scenario
 * fails. No baseline of expected failures: a gap is a failure.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const here = import.meta.dirname;
const workspaceRoot = path.resolve(here, '../../..');
const suiteBin = path.join(workspaceRoot, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
const REVISIONS = ['2026-07-28', '2025-11-25'] as const;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the fixture server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`the fixture server did not answer ${url} within ${timeoutMs} ms`);
}

function runSuite(args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [suiteBin, ...args], { stdio: 'inherit', cwd: workspaceRoot });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main(): Promise<number> {
  const port = await freePort();
  const server = spawn(
    process.execPath,
    [
      '--conditions=@toolsmith/source',
      path.join(here, 'main.ts'),
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
  server.stderr?.on('data', (chunk: Buffer) => {
    serverLog = (serverLog + chunk.toString()).slice(-20_000);
  });
  try {
    await waitForHealth(`http://127.0.0.1:${port}/health`, server);
    const outputRoot = await mkdtemp(path.join(tmpdir(), 'toolsmith-conformance-'));
    const failed: string[] = [];
    for (const revision of REVISIONS) {
      console.log(`\n=== MCP conformance, requirements ${revision} ===`);
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
    console.log(`\nDetailed results (checks.json per scenario): ${outputRoot}`);
    if (failed.length > 0) {
      console.error(`Conformance failed for: ${failed.join(', ')}.`);
      return 1;
    }
    console.log('Conformance passed for every revision.');
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    console.error(`Fixture server log (tail):\n${serverLog}`);
    return 1;
  } finally {
    server.kill('SIGTERM');
  }
}

process.exitCode = await main();
