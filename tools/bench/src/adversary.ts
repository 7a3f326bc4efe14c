/**
 * The long run of the generated adversary (issue 21 §6): `npm test` makes one seeded run per server
 * (about 2,200 calls each); this runs the same tests with many seeds — `BENCH_ADVERSARY_SEEDS`
 * (default `1..20`) — and reports calls, caught before the API, converted and violations per server,
 * with each violation's seed. A violation fails the goal line (not the process), like other goals.
 *
 * The tests run under jest directly, with each app's jest config and the environment its Nx `test`
 * target sets — not through `nx test`, which would first build the apps' dependencies into the
 * checkout (and write Nx's workspace data there): a benchmark leaves the checkout as it found it.
 * In smoke mode: seed 1 of the Tracker server only (the same path, one server's one seeded run).
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchmarkResult, TargetCheck } from './report.ts';
import { SMOKE, sized } from './smoke.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const ALL_PROJECTS = [
  { name: 'yandex-tracker', dir: 'apps/yandex-tracker' },
  { name: 'clickup', dir: 'apps/clickup' },
];
const PROJECTS = sized(ALL_PROJECTS, ALL_PROJECTS.slice(0, 1));
const JEST = createRequire(join(ROOT, 'package.json')).resolve('jest/bin/jest');

function runTests(dir: string, seeds: string): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [JEST, '--config', join(ROOT, dir, 'jest.config.js'), '--testPathPatterns', 'adversary', '--ci'],
      {
        cwd: join(ROOT, dir),
        // What the workspace's Nx test target sets (nx.json targetDefaults.test.options.env).
        env: {
          ...process.env,
          ADVERSARY_SEEDS: seeds,
          NODE_OPTIONS: '--experimental-vm-modules --disable-warning=ExperimentalWarning',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', () => resolve(output));
  });
}

// eslint-disable-next-line no-control-regex
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

export async function runAdversaryLong(): Promise<BenchmarkResult> {
  const seeds = process.env['BENCH_ADVERSARY_SEEDS'] ?? sized('1..20', '1');
  const targets: TargetCheck[] = [];
  const notes: string[] = [
    `seeds ${seeds} (BENCH_ADVERSARY_SEEDS), every tool of each server, a fresh emulator seed per call`,
  ];
  if (PROJECTS.length < ALL_PROJECTS.length) {
    notes.push(`smoke mode: ${PROJECTS.map((p) => p.name).join(', ')} only`);
  }
  for (const { name, dir } of PROJECTS) {
    const started = performance.now();
    const output = plain(await runTests(dir, seeds));
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    const head = new RegExp(
      `Generated adversary — ${name}: (\\d+) calls, caught before the API or converted ([\\d.]+) %, (\\d+) violations`,
    ).exec(output);
    const total = /^(?:.*\s)?total\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*$/m.exec(output);
    const violations = output
      .split('\n')
      .filter((line) => /^\S*\s*- \S+ \S+ .* → /.test(line.replace(/^@toolsmith\/[^:]+:\s*/, '')))
      .slice(0, 20);
    if (!head || !total) {
      // Smoke mode judges no target, but a run that gives no report is a broken benchmark.
      if (SMOKE) throw new Error(`adversary: no report in the ${name} test output:\n${output.slice(-4000)}`);
      targets.push({
        target: `${name}: the adversary ran`,
        met: false,
        measured: `no report in the test output (${seconds} s)`,
        budget: true,
      });
      continue;
    }
    const [, calls, share, count] = head;
    const [, , caught, byApi, converted] = total;
    // Counted, not timed: the same on every machine, so a miss fails the run.
    targets.push({
      target: `${name}: 0 violations over ${calls} generated calls`,
      met: Number(count) === 0,
      measured: `${count} violations; caught before the API ${caught}, refused by the API ${byApi}, converted ${converted}; ${share} % caught or converted (${seconds} s)`,
      budget: true,
    });
    targets.push({
      target: `${name}: ≥ 95 % of malformed calls caught before the API or converted`,
      met: Number(share) >= 95,
      measured: `${share} %`,
      budget: true,
    });
    notes.push(...violations.map((line) => `${name}: ${line.replace(/^@toolsmith\/[^:]+:\s*/, '').trim()}`));
  }
  return { name: 'adversary', tables: [], targets, notes };
}
