/**
 * `npm run bench [-- <name>…] [--smoke]`: runs the benchmarks (all by default, or the ones named) and
 * prints one table per measurement; `--list` prints their names. Benchmarks are not tests, but
 * `npm test` runs each once in smoke mode (`--smoke` or BENCH_SMOKE=1, smoke.ts: one short round,
 * targets not judged) to show that it still runs: src/benchmarks.test.ts.
 */
import { SMOKE } from './smoke.ts'; // first: it reads --smoke before the benchmarks read their sizes
import { runCallOverhead } from './call-overhead.ts';
import { runColdStart } from './cold-start.ts';
import { runDefinitionGeneration } from './definition-generation.ts';
import { machineInfo } from './machine-info.ts';
import { renderResult, verdict, type BenchmarkResult, type TargetCheck } from './report.ts';

// Every benchmark here runs in `npm test` in smoke mode (src/benchmarks.test.ts): size its rounds,
// samples and durations with sized(full, smoke) from smoke.ts, so that run takes seconds.
const BENCHMARKS: Record<string, { title: string; run: () => Promise<BenchmarkResult> }> = {
  'cold-start': { title: 'Cold start: spawn → first tools/list (stdio)', run: runColdStart },
  'call-overhead': { title: 'tools/call round-trip overhead (in-memory transport)', run: runCallOverhead },
  'definition-generation': { title: 'Definition generation for 100 tools', run: runDefinitionGeneration },
  // Imported on demand: @toolsmith/executable-knowledge (zod schemas, ajv, js-yaml) is not loaded into the
  // process, nor warms the JIT of the zod code the other benchmarks measure in-process, unless it runs.
  knowledge: {
    title: 'Executable knowledge: sandboxed helpers and processors, resolver',
    run: async () => (await import('./knowledge.ts')).runKnowledge(),
  },
  'validator-context': {
    title: 'Executable knowledge: validation with call context (ClickUp create_task), context cached',
    run: async () => (await import('./validator-context.ts')).runValidatorContext(),
  },
  'sandbox-limits': {
    title: 'Sandbox limits: time to stop memory bombs and serve the call queued behind',
    run: async () => (await import('./sandbox-limits.ts')).runSandboxLimits(),
  },
  'coding-tools': {
    title: 'Coding tools: Grep, Glob, ApplyPatch and Read against rg, tinyglobby and plain fs',
    run: async () => (await import('./coding-tools.ts')).runCodingTools(),
  },
  'language-server': {
    title: 'Coding tools: the TypeScript language server (start, first answer, Rename, errors after an edit)',
    run: async () => (await import('./language-server.ts')).runLanguageServer(),
  },
  'http-sessions': {
    title: 'Streamable HTTP, stateful: server memory under 20,000 initialize-only sessions',
    run: async () => (await import('./http-sessions.ts')).runHttpSessions(),
  },
  'clickup-context': {
    title: 'ClickUp MCP server: tokens of its tool definitions (js-tiktoken o200k_base)',
    run: async () => (await import('./clickup-context.ts')).runClickUpContext(),
  },
  'clickup-cold-start': {
    title: 'ClickUp MCP server: cold start of the published bin against the plain-SDK floor (stdio)',
    run: async () => (await import('./clickup-cold-start.ts')).runClickUpColdStart(),
  },
  'knowledge-search': {
    title: 'Knowledge search: recall@5 / MRR of full text, + trigram, + vector; latency at 10,000 entries',
    run: async () => (await import('./knowledge-search.ts')).runKnowledgeSearch(),
  },
  'tool-search': {
    title:
      'search_tools: recall@5 / MRR on labelled queries (ClickUp, Yandex Tracker, coding tools), before/lexical/hybrid',
    run: async () => (await import('./tool-search.ts')).runToolSearch(),
  },
  'yandex-tracker': {
    title: 'Yandex Tracker MCP server: cold start, tools/list size, tools/call over direct HTTP (emulator)',
    run: async () => (await import('./yandex-tracker.ts')).runYandexTracker(),
  },
  adversary: {
    title:
      'The generated adversary, many seeds: both servers, every tool (BENCH_ADVERSARY_SEEDS, default 1..20)',
    run: async () => (await import('./adversary.ts')).runAdversaryLong(),
  },
  'guarded-calls': {
    title:
      'Guarded calls: ClickUp write and read, Tracker read — toolsmith vs plain SDK server vs direct fetch (emulators)',
    run: async () => (await import('./guarded-calls.ts')).runGuardedCalls(),
  },
  'auth-overhead': {
    title:
      'Authentication: added latency per tool call over Streamable HTTP — JWT, introspection (cache hit, miss) vs --auth none',
    run: async () => (await import('./auth-overhead.ts')).runAuthOverhead(),
  },
  soak: {
    title:
      'Soak: both servers, stdio and HTTP, both eras, webhook bursts, upstream faults, clients walking away (BENCH_SOAK_MINUTES, default 20)',
    run: async () => (await import('./soak.ts')).runSoak(),
  },
  'yandex-tracker-context': {
    title:
      'Yandex Tracker MCP server: tokens of its tools/list (js-tiktoken o200k_base), the budget check alone',
    run: async () => (await import('./yandex-tracker.ts')).runYandexTrackerContext(),
  },
};

const out = (text: string) => void process.stdout.write(`${text}\n`);

// `--list`: the names, one a line (what the smoke test runs).
if (process.argv.includes('--list')) {
  out(Object.keys(BENCHMARKS).join('\n'));
  process.exit(0);
}

const requested = process.argv.slice(2).filter((arg) => arg !== 'all' && arg !== '--smoke');
const unknown = requested.filter((name) => !Object.hasOwn(BENCHMARKS, name));
if (unknown.length > 0) {
  process.stderr.write(
    `Unknown benchmark ${unknown.map((n) => `"${n}"`).join(', ')}. Run \`npm run bench\` for all, or name some of: ${Object.keys(BENCHMARKS).join(', ')}.\n`,
  );
  process.exit(2);
}
const names = requested.length > 0 ? requested : Object.keys(BENCHMARKS);

out(`toolsmith core benchmarks${SMOKE ? ' — SMOKE MODE: one short round each, targets not judged' : ''}`);
for (const line of machineInfo()) out(`  ${line}`);

const targets: TargetCheck[] = [];
const started = process.hrtime.bigint();
for (const name of names) {
  const benchmark = BENCHMARKS[name] as (typeof BENCHMARKS)[string];
  process.stderr.write(`running ${name}…\n`);
  const result = await benchmark.run();
  out(renderResult(benchmark.title, result, !SMOKE));
  targets.push(...result.targets);
}

out(`\n━━ Summary ${'━'.repeat(82)}`);
for (const check of targets) out(`  ${verdict(check, !SMOKE)} ${check.target} — measured ${check.measured}`);
out(`  total time ${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(1)} s`);
// In smoke mode nothing is judged: a benchmark passes by running to the end.
const overBudget = SMOKE ? [] : targets.filter((check) => check.budget && !check.met);
if (overBudget.length > 0) {
  out(`  OVER BUDGET: ${overBudget.map((check) => check.target).join('; ')}`);
  process.exitCode = 1;
}
