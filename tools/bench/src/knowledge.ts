/**
 * `@toolsmith/executable-knowledge`: what running a tool's knowledge code in the sandbox costs, against
 * the same code run natively in the bench process (`fixtures/knowledge/native-knowledge.ts`: node:vm, no
 * isolation — the code is trusted here), with the ClickUp pack (`apps/clickup/knowledge`):
 *
 * 1. warm call latency, end to end: `ToolHelperExecutor.execute` → pool → host process → isolated-vm
 *    isolate → back, for `normalize-field-name` on short strings — back to back, and paced (idle time
 *    between calls, as interactive use is) — with the default pool (one locked context shared by the
 *    calls of a module set) and with `freshContextPerCall: true`;
 * 2. cold: the first call on a started pool (a fresh pool per sample), and the pool start itself against
 *    forking bare Node hosts;
 * 3. throughput at the default pool size: the small helper with 64 calls in flight, and the ClickUp
 *    task processor (`process-task` through `ProcessorEngine`) over every payload fixture;
 * 3b. head-of-line: quick calls beside one caller of a slow helper, with calls pipelined per host
 *    (the default `pipelineDepth` 8) and without (`pipelineDepth: 1`) — what pipelining costs a
 *    call that lands behind a slow one;
 * 4. `ToolResolver`: a cache hit, and a miss (parse + load) of a pack with 25 helpers.
 *
 * Before measuring, the sandbox and the native code must give the same answers for every input.
 */
import { fork, execFile, type ChildProcess } from 'node:child_process';
import { globSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual, promisify } from 'node:util';
import {
  createSandboxPool,
  loadToolDefinition,
  ProcessorEngine,
  ToolHelperExecutor,
  ToolResolver,
  type CodeModule,
  type RunnableCode,
  type SandboxPool,
  type ToolDefinition,
} from '@toolsmith/executable-knowledge';
import { loadNative, type NativeFunction } from './fixtures/knowledge/native-knowledge.ts';
import { createSyntheticPack, type SyntheticPack } from './fixtures/knowledge/synthetic-pack.ts';
import { processesCpuMs, watched } from './machine-load.ts';
import type { BenchmarkResult, ResultRow, TargetCheck } from './report.ts';
import { sized } from './smoke.ts';
import { elapsedMs, elapsedUs, percentile, summarize } from './stats.ts';

const PACK_DIR = fileURLToPath(new URL('../../../apps/clickup/knowledge/', import.meta.url));
const READY_HOST = fileURLToPath(new URL('./fixtures/knowledge/ready-host.ts', import.meta.url));
const RESOLVE_COLD = fileURLToPath(new URL('./fixtures/knowledge/resolve-cold.ts', import.meta.url));
/** What the pool gives its hosts (sandbox-pool.ts `#spawn`). */
const HOST_EXEC_ARGV = ['--no-node-snapshot', '--disable-warning=ExperimentalWarning'];

const SMALL_HELPER = 'normalize-field-name';
const SMALL_INPUTS = ['Data de Início', 'Marketing Task Type', 'Orçamento (R$)', 'Größe'];
const PROCESSOR = 'process-task';

// 1. warm latency
const WARMUP_CALLS = sized(1_000, 10);
const LATENCY_ROUNDS = sized(4, 1);
const BACK_TO_BACK_CALLS = sized(750, 10); // per round: 3 000 in all
const PACED_CALLS = sized(500, 5); // per round: 2 000 in all
const PACED_IDLE_MS = 2;
const NATIVE_CALLS = sized(5_000, 50); // per round
const CPU_CALLS = sized(1_000, 10);
// 2. cold
const COLD_SAMPLES = sized(20, 2); // after one discarded warm-up sample; each order (small first / processor first) half
// 3. throughput
const IN_FLIGHT = 64;
const THROUGHPUT_WARMUP_MS = sized(1_000, 50);
const THROUGHPUT_MS = sized(4_000, 150);
const FRESH_THROUGHPUT_MS = sized(3_000, 150);
const PROCESSOR_SEQUENTIAL_MS = sized(2_000, 150);
const PROCESSOR_CONCURRENT_MS = sized(3_000, 150);
const NATIVE_MS = sized(1_000, 50);
const WINDOW_MS = sized(250, 25);
// 3b. head-of-line
const MIXED_QUICK_CALLERS = 16;
const MIXED_SLOW_MS = sized(100, 20);
const MIXED_MS = sized(3_000, 150);
// 4. resolver
const EXTRA_HELPERS = 12; // + the pack's 13 = 25 helpers
const MISS_WARMUP = sized(5, 1);
const MISS_SAMPLES = sized(40, 2);
const HIT_WARMUP = sized(500, 5);
const HIT_SAMPLES = sized(5_000, 20);
const RESOLVE_COLD_RUNS = sized(6, 1);

// targets
const WARM_P50_MS = 0.5;
const WARM_P99_MS = 2;
const COLD_MS = 50;
const CALLS_PER_SECOND = 5_000;
const HIT_MS = 1;
const MISS_MS = 50;

const run = promisify(execFile);

// ── small utilities ─────────────────────────────────────────────────────────────────────────────────

const p99 = (samples: readonly number[]) =>
  percentile(
    [...samples].sort((a, b) => a - b),
    99,
  );
const fixed = (value: number, digits = 2) => value.toFixed(digits);
const perSecond = (calls: number, ms: number) => Math.round((calls / ms) * 1000).toLocaleString('en-US');
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** CPU per call of the bench process and of the pool's hosts over `work`, in µs. */
async function cpuPerCall(
  pool: SandboxPool,
  work: () => Promise<number>,
): Promise<{ calls: number; parentUs: number; hostsUs: number | undefined }> {
  const pids = pool.stats().pids;
  const hostsStart = processesCpuMs(pids);
  const parentStart = process.cpuUsage();
  const calls = await work();
  const { user, system } = process.cpuUsage(parentStart);
  const hostsEnd = processesCpuMs(pids);
  return {
    calls,
    parentUs: (user + system) / calls,
    hostsUs:
      hostsStart === undefined || hostsEnd === undefined
        ? undefined
        : ((hostsEnd - hostsStart) * 1000) / calls,
  };
}

interface LoopResult {
  calls: number;
  ms: number;
  /** µs per call in each window of WINDOW_MS (window time ÷ calls completed in it). */
  windows: number[];
}

/** `inFlight` callers, each calling again as soon as its call ends, for `durationMs`. */
async function closedLoop(
  inFlight: number,
  durationMs: number,
  call: (index: number) => Promise<unknown>,
): Promise<LoopResult> {
  const windows: number[] = [];
  const start = process.hrtime.bigint();
  const end = start + BigInt(durationMs) * 1_000_000n;
  const windowNs = BigInt(WINDOW_MS) * 1_000_000n;
  let windowStart = start;
  let windowCalls = 0;
  let calls = 0;
  let next = 0;
  const caller = async () => {
    while (process.hrtime.bigint() < end) {
      await call(next++);
      calls++;
      windowCalls++;
      const now = process.hrtime.bigint();
      if (now - windowStart >= windowNs) {
        windows.push(Number(now - windowStart) / 1e3 / windowCalls);
        windowStart = now;
        windowCalls = 0;
      }
    }
  };
  await Promise.all(Array.from({ length: inFlight }, caller));
  return { calls, ms: elapsedMs(start), windows };
}

/** The same for synchronous native code, checking the clock every 64 calls. */
function nativeLoop(durationMs: number, call: (index: number) => unknown): LoopResult {
  const windows: number[] = [];
  const start = process.hrtime.bigint();
  const end = start + BigInt(durationMs) * 1_000_000n;
  const windowNs = BigInt(WINDOW_MS) * 1_000_000n;
  let windowStart = start;
  let windowCalls = 0;
  let calls = 0;
  for (let now = start; now < end;) {
    for (let i = 0; i < 64; i++) call(calls++);
    windowCalls += 64;
    now = process.hrtime.bigint();
    if (now - windowStart >= windowNs) {
      windows.push(Number(now - windowStart) / 1e3 / windowCalls);
      windowStart = now;
      windowCalls = 0;
    }
  }
  return { calls, ms: elapsedMs(start), windows };
}

// ── the pack ────────────────────────────────────────────────────────────────────────────────────────

interface Pack {
  definition: ToolDefinition;
  small: RunnableCode;
  processor: RunnableCode;
  payloads: { name: string; payload: unknown }[];
}

async function loadPack(): Promise<Pack> {
  const definition = await loadToolDefinition(join(PACK_DIR, 'clickup.tool.yaml'));
  const { helpers, processors } = definition.executableKnowledge;
  const helper = helpers.find((h) => h.id === SMALL_HELPER);
  const processor = processors.find((p) => p.id === PROCESSOR);
  if (!helper || processor?.kind !== 'function') {
    throw new Error(
      `The ClickUp pack no longer has helper "${SMALL_HELPER}" and function processor "${PROCESSOR}"; update knowledge.ts.`,
    );
  }
  // Every payload fixture: the verbatim ones, and the derived ones (a file may hold an array of payloads).
  const payloads = globSync(['__fixtures__/*.json', '__fixtures__/derived/*.json'], { cwd: PACK_DIR })
    .sort()
    .flatMap((file) => {
      const json = JSON.parse(readFileSync(join(PACK_DIR, file), 'utf8')) as unknown;
      return Array.isArray(json)
        ? json.map((payload, i) => ({ name: `${file}[${i}]`, payload: payload as unknown }))
        : [{ name: file, payload: json }];
    });
  return {
    definition,
    small: { id: helper.id, code: helper.code, dependencies: helper.dependencies },
    processor: { id: processor.id, code: processor.code, dependencies: processor.dependencies },
    payloads,
  };
}

/** The code modules a runnable loads, dependencies first, as the executor sends them. */
function modulesOf(pack: Pack, executor: ToolHelperExecutor, runnable: RunnableCode): CodeModule[] {
  const { helpers, processors } = pack.definition.executableKnowledge;
  return executor.modulesFor(runnable).map((id) => {
    const code =
      helpers.find((h) => h.id === id)?.code ??
      processors.flatMap((p) => (p.kind === 'function' && p.id === id ? [p.code] : []))[0];
    if (!code) throw new Error(`No code module "${id}" in the ClickUp pack.`);
    return code;
  });
}

function nativeOf(pack: Pack, executor: ToolHelperExecutor, runnable: RunnableCode): Promise<NativeFunction> {
  // An ES module brings the files it imports itself; a script needs its dependencies loaded first.
  const modules = runnable.code.type === 'module' ? [runnable.code] : modulesOf(pack, executor, runnable);
  return loadNative(modules, runnable.code.id, runnable.code.export);
}

/** The sandbox must answer exactly as the native code does: then both do the same work. */
async function checkSameAnswers(
  pack: Pack,
  executor: ToolHelperExecutor,
  engine: ProcessorEngine,
  native: { small: NativeFunction; processor: NativeFunction },
): Promise<void> {
  const same = (label: string, sandboxed: unknown, nativeValue: unknown) => {
    if (!isDeepStrictEqual(sandboxed, JSON.parse(JSON.stringify(nativeValue)))) {
      throw new Error(
        `The sandbox and native code answer ${label} differently:\n${JSON.stringify(sandboxed)}\n${JSON.stringify(nativeValue)}`,
      );
    }
  };
  for (const input of SMALL_INPUTS) {
    const { value } = await executor.execute(SMALL_HELPER, [input]);
    same(`${SMALL_HELPER}(${JSON.stringify(input)})`, value, native.small(input));
  }
  for (const { name, payload } of pack.payloads) {
    const { value } = await engine.run(PROCESSOR, payload);
    same(`${PROCESSOR}(${name})`, value, native.processor(payload));
  }
}

// ── 1. warm latency ─────────────────────────────────────────────────────────────────────────────────

interface WarmSeries {
  endToEnd: number[];
  /** The host's own measure of the same calls (`durationMs`), µs. */
  host: number[];
}

interface WarmSamples {
  native: number[];
  /** Per sandbox variant (pool): back-to-back and paced calls. */
  sandbox: { backToBack: WarmSeries; paced: WarmSeries }[];
}

async function measureWarm(
  executors: readonly ToolHelperExecutor[],
  native: NativeFunction,
): Promise<WarmSamples> {
  const samples: WarmSamples = {
    native: [],
    sandbox: executors.map(() => ({
      backToBack: { endToEnd: [], host: [] },
      paced: { endToEnd: [], host: [] },
    })),
  };
  const input = (i: number) => [SMALL_INPUTS[i % SMALL_INPUTS.length] as string];
  let sink = 0;
  for (let i = 0; i < WARMUP_CALLS; i++) {
    for (const executor of executors) await executor.execute(SMALL_HELPER, input(i));
    sink += String(native(...input(i))).length;
  }
  const timed = async (executor: ToolHelperExecutor, i: number, into: WarmSeries) => {
    const start = process.hrtime.bigint();
    const { durationMs } = await executor.execute(SMALL_HELPER, input(i));
    into.endToEnd.push(elapsedUs(start));
    into.host.push(durationMs * 1000);
  };
  for (let round = 0; round < LATENCY_ROUNDS; round++) {
    for (let i = 0; i < NATIVE_CALLS; i++) {
      const args = input(i);
      const start = process.hrtime.bigint();
      sink += String(native(...args)).length;
      samples.native.push(elapsedUs(start));
    }
    for (const [v, executor] of executors.entries()) {
      const series = samples.sandbox[v] as WarmSamples['sandbox'][number];
      for (let i = 0; i < BACK_TO_BACK_CALLS; i++) await timed(executor, i, series.backToBack);
      for (let i = 0; i < PACED_CALLS; i++) {
        await pause(PACED_IDLE_MS);
        await timed(executor, i, series.paced);
      }
    }
  }
  if (sink === 0) throw new Error('The native helper returned nothing.');
  return samples;
}

// ── 2. cold ─────────────────────────────────────────────────────────────────────────────────────────

/** Forks `count` stand-in hosts at once and times until all report ready (then kills them). */
async function forkReady(count: number, preload: string | undefined): Promise<number> {
  const children: ChildProcess[] = [];
  const start = process.hrtime.bigint();
  try {
    await Promise.all(
      Array.from(
        { length: count },
        () =>
          new Promise<void>((resolve, reject) => {
            const child = fork(READY_HOST, preload ? [preload] : [], {
              execArgv: HOST_EXEC_ARGV,
              serialization: 'advanced',
              stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
              env: {},
            });
            children.push(child);
            child.once('message', () => resolve());
            child.once('error', reject);
            child.once('exit', (code) => reject(new Error(`ready-host.ts exited with code ${code}.`)));
          }),
      ),
    );
    return elapsedMs(start);
  } finally {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) resolve();
            else {
              child.once('exit', () => resolve());
              child.kill('SIGKILL');
            }
          }),
      ),
    );
  }
}

interface ColdSamples {
  bareHosts: number[];
  ivmHosts: number[];
  poolStart: number[];
  /** First call of a started pool: the host makes its isolate, compiles the runtime and the modules. */
  smallFresh: number[];
  smallFreshHost: number[];
  processorFresh: number[];
  /** First call of this code on a host whose isolate already exists (compile, no isolate creation). */
  smallNewCode: number[];
  processorNewCode: number[];
  /** The next call of the small helper: warm. */
  smallSecond: number[];
  nativeSmall: number[];
  nativeProcessor: number[];
  firstPoolStartMs: number;
}

async function measureCold(pack: Pack, ivmEntry: string): Promise<ColdSamples> {
  const samples: ColdSamples = {
    bareHosts: [],
    ivmHosts: [],
    poolStart: [],
    smallFresh: [],
    smallFreshHost: [],
    processorFresh: [],
    smallNewCode: [],
    processorNewCode: [],
    smallSecond: [],
    nativeSmall: [],
    nativeProcessor: [],
    firstPoolStartMs: Number.NaN,
  };
  const payload = pack.payloads.find((p) => p.name.includes('automation-call-webhook'))?.payload;
  const size = availableParallelism();
  for (let sample = 0; sample <= COLD_SAMPLES; sample++) {
    const measured = sample > 0; // sample 0 warms the file-system cache and this process's JIT
    const bare = await forkReady(size, undefined);
    const ivm = await forkReady(size, ivmEntry);

    const pool = createSandboxPool();
    let start = process.hrtime.bigint();
    await pool.start();
    const startMs = elapsedMs(start);
    if (!measured) samples.firstPoolStartMs = startMs;
    const executor = new ToolHelperExecutor(pack.definition, pool);
    const callSmall = async () => {
      const begin = process.hrtime.bigint();
      const { durationMs } = await executor.execute(SMALL_HELPER, [SMALL_INPUTS[0]]);
      return { ms: elapsedMs(begin), hostMs: durationMs };
    };
    const callProcessor = async () => {
      const begin = process.hrtime.bigint();
      await executor.run(pack.processor, [payload]);
      return elapsedMs(begin);
    };
    // Calls one after another go to the same (first idle) host: the first call makes its isolate.
    // The order alternates, so each runnable is measured both on a fresh isolate and on one that exists.
    if (sample % 2 === 1) {
      const small = await callSmall();
      const processor = await callProcessor();
      if (measured) {
        samples.smallFresh.push(small.ms);
        samples.smallFreshHost.push(small.hostMs);
        samples.processorNewCode.push(processor);
      }
    } else {
      const processor = await callProcessor();
      const small = await callSmall();
      if (measured) {
        samples.processorFresh.push(processor);
        samples.smallNewCode.push(small.ms);
      }
    }
    const second = await callSmall();
    await pool.close();

    // native "cold": a new context, the modules compiled and run, the first call
    start = process.hrtime.bigint();
    (await nativeOf(pack, executor, pack.small))(SMALL_INPUTS[0]);
    const nativeSmallMs = elapsedMs(start);
    start = process.hrtime.bigint();
    (await nativeOf(pack, executor, pack.processor))(payload);
    const nativeProcessorMs = elapsedMs(start);

    if (measured) {
      samples.bareHosts.push(bare);
      samples.ivmHosts.push(ivm);
      samples.poolStart.push(startMs);
      samples.smallSecond.push(second.ms);
      samples.nativeSmall.push(nativeSmallMs);
      samples.nativeProcessor.push(nativeProcessorMs);
    }
  }
  return samples;
}

// ── 3. throughput ───────────────────────────────────────────────────────────────────────────────────

interface Throughput {
  native: LoopResult;
  sandbox: LoopResult;
  sandboxCpu: { parentUs: number; hostsUs: number | undefined };
  fresh: LoopResult;
  freshCpu: { parentUs: number; hostsUs: number | undefined };
  nativeProcessor: LoopResult;
  processorSequential: LoopResult;
  processorConcurrent: LoopResult;
  processorCpu: { parentUs: number; hostsUs: number | undefined };
}

async function measureThroughput(
  pack: Pack,
  pool: SandboxPool,
  executor: ToolHelperExecutor,
  engine: ProcessorEngine,
  native: { small: NativeFunction; processor: NativeFunction },
  fresh: { pool: SandboxPool; executor: ToolHelperExecutor },
): Promise<Throughput> {
  const payloads = pack.payloads.map((p) => p.payload);
  const small = (i: number) => executor.execute(SMALL_HELPER, [SMALL_INPUTS[i % SMALL_INPUTS.length]]);
  const processor = (i: number) => engine.run(PROCESSOR, payloads[i % payloads.length]);

  nativeLoop(NATIVE_MS / 2, (i) => native.small(SMALL_INPUTS[i % SMALL_INPUTS.length]));
  const nativeSmall = nativeLoop(NATIVE_MS, (i) => native.small(SMALL_INPUTS[i % SMALL_INPUTS.length]));

  await closedLoop(IN_FLIGHT, THROUGHPUT_WARMUP_MS, small);
  let sandbox: LoopResult | undefined;
  const sandboxCpu = await cpuPerCall(pool, async () => {
    sandbox = await closedLoop(IN_FLIGHT, THROUGHPUT_MS, small);
    return sandbox.calls;
  });

  const freshSmall = (i: number) =>
    fresh.executor.execute(SMALL_HELPER, [SMALL_INPUTS[i % SMALL_INPUTS.length]]);
  await closedLoop(IN_FLIGHT, THROUGHPUT_WARMUP_MS, freshSmall);
  let freshResult: LoopResult | undefined;
  const freshCpu = await cpuPerCall(fresh.pool, async () => {
    freshResult = await closedLoop(IN_FLIGHT, FRESH_THROUGHPUT_MS, freshSmall);
    return freshResult.calls;
  });

  nativeLoop(NATIVE_MS / 2, (i) => native.processor(payloads[i % payloads.length]));
  const nativeProcessor = nativeLoop(NATIVE_MS, (i) => native.processor(payloads[i % payloads.length]));

  await closedLoop(1, THROUGHPUT_WARMUP_MS / 2, processor);
  const processorSequential = await closedLoop(1, PROCESSOR_SEQUENTIAL_MS, processor);
  await closedLoop(IN_FLIGHT, THROUGHPUT_WARMUP_MS / 2, processor);
  let processorConcurrent: LoopResult | undefined;
  const processorCpu = await cpuPerCall(pool, async () => {
    processorConcurrent = await closedLoop(IN_FLIGHT, PROCESSOR_CONCURRENT_MS, processor);
    return processorConcurrent.calls;
  });
  return {
    native: nativeSmall,
    sandbox: sandbox as LoopResult,
    sandboxCpu,
    fresh: freshResult as LoopResult,
    freshCpu,
    nativeProcessor,
    processorSequential,
    processorConcurrent: processorConcurrent as LoopResult,
    processorCpu,
  };
}

// ── 3b. head-of-line ────────────────────────────────────────────────────────────────────────────────

interface MixedSamples {
  /** Quick-call latencies, µs, per pipelineDepth. */
  quick: Record<'1' | '8', number[]>;
  ms: Record<'1' | '8', number>;
  slowCalls: Record<'1' | '8', number>;
}

/**
 * MIXED_QUICK_CALLERS callers of `normalize-field-name` and one caller of a helper that spins for
 * MIXED_SLOW_MS, on two pools of the default size: pipelineDepth 1 and 8, each for MIXED_MS, twice,
 * alternating.
 */
async function measureMixed(pack: Pack): Promise<MixedSamples> {
  const slowModule = {
    id: 'spin',
    filename: 'bench/spin.js',
    source: `function spin(ms) { const end = Date.now() + ms; while (Date.now() < end) {} return ms }\nmodule.exports = { spin }`,
  };
  const samples: MixedSamples = {
    quick: { '1': [], '8': [] },
    ms: { '1': 0, '8': 0 },
    slowCalls: { '1': 0, '8': 0 },
  };
  for (const depth of ['1', '8', '1', '8'] as const) {
    const pool = createSandboxPool({ pipelineDepth: Number(depth) });
    const executor = new ToolHelperExecutor(pack.definition, pool);
    try {
      await pool.start();
      await executor.execute(SMALL_HELPER, [SMALL_INPUTS[0]]);
      const slowRequest = {
        modules: [slowModule],
        entry: { module: 'spin', export: 'spin' },
        args: [MIXED_SLOW_MS],
      };
      await pool.run(slowRequest);
      const started = performance.now();
      const end = started + MIXED_MS;
      const slowCaller = async () => {
        while (performance.now() < end) {
          await pool.run(slowRequest);
          samples.slowCalls[depth]++;
        }
      };
      const quickCaller = async (offset: number) => {
        for (let i = offset; performance.now() < end; i += MIXED_QUICK_CALLERS) {
          const t = process.hrtime.bigint();
          await executor.execute(SMALL_HELPER, [SMALL_INPUTS[i % SMALL_INPUTS.length]]);
          samples.quick[depth].push(Number(process.hrtime.bigint() - t) / 1e3);
        }
      };
      await Promise.all([
        slowCaller(),
        ...Array.from({ length: MIXED_QUICK_CALLERS }, (_, i) => quickCaller(i)),
      ]);
      samples.ms[depth] += performance.now() - started;
    } finally {
      await pool.close();
    }
  }
  return samples;
}

// ── 4. resolver ─────────────────────────────────────────────────────────────────────────────────────

interface ResolverSamples {
  helpers: number;
  codeModules: number;
  yamlKiB: number;
  statFloor: number[];
  hit: number[];
  ioFloor: number[];
  loadDefinition: number[];
  miss: number[];
  cold: { startupMs: number; firstMs: number; secondMs: number }[];
}

async function measureResolver(synthetic: SyntheticPack): Promise<ResolverSamples> {
  // A pool that is never started: the resolver builds its runtime objects (executor, processors,
  // validators) as in production; no host process is spawned.
  const pool = createSandboxPool();
  const resolver = new ToolResolver({ searchPaths: [synthetic.root], pool });
  try {
    const first = await resolver.resolve(synthetic.toolId);
    const { helpers, processors, validators } = first.definition.executableKnowledge;
    const samples: ResolverSamples = {
      helpers: helpers.length,
      codeModules: helpers.length + processors.length + validators.filter((v) => v.code).length,
      yamlKiB: (await stat(synthetic.file)).size / 1024,
      statFloor: [],
      hit: [],
      ioFloor: [],
      loadDefinition: [],
      miss: [],
      cold: [],
    };
    if (samples.helpers < 20) {
      throw new Error(`The synthetic pack has ${samples.helpers} helpers; the benchmark needs at least 20.`);
    }
    const readAll = () => Promise.all(synthetic.files.map((file) => readFile(file, 'utf8')));
    const missOnce = async () => {
      resolver.invalidate(synthetic.toolId);
      return resolver.resolve(synthetic.toolId);
    };
    for (let i = 0; i < MISS_WARMUP; i++) {
      await readAll();
      await loadToolDefinition(synthetic.file);
      await missOnce();
    }
    for (let i = 0; i < MISS_SAMPLES; i++) {
      let start = process.hrtime.bigint();
      await readAll();
      samples.ioFloor.push(elapsedMs(start));
      start = process.hrtime.bigint();
      await loadToolDefinition(synthetic.file);
      samples.loadDefinition.push(elapsedMs(start));
      start = process.hrtime.bigint();
      const resolved = await missOnce();
      samples.miss.push(elapsedMs(start));
      if (resolved === first) throw new Error('invalidate() did not drop the cached definition.');
    }
    const cached = await resolver.resolve(synthetic.toolId);
    for (let i = 0; i < HIT_SAMPLES + HIT_WARMUP; i++) {
      let start = process.hrtime.bigint();
      await stat(synthetic.file);
      const statUs = elapsedUs(start);
      start = process.hrtime.bigint();
      const resolved = await resolver.resolve(synthetic.toolId);
      const hitUs = elapsedUs(start);
      if (resolved !== cached) throw new Error('A cache hit returned another object: the cache was missed.');
      if (i >= HIT_WARMUP) {
        samples.statFloor.push(statUs);
        samples.hit.push(hitUs);
      }
    }
    for (let i = 0; i < RESOLVE_COLD_RUNS; i++) {
      const { stdout } = await run(process.execPath, [
        '--conditions=@toolsmith/source',
        RESOLVE_COLD,
        synthetic.root,
        synthetic.toolId,
      ]);
      samples.cold.push(JSON.parse(stdout) as ResolverSamples['cold'][number]);
    }
    return samples;
  } finally {
    await pool.close();
  }
}

// ── the benchmark ───────────────────────────────────────────────────────────────────────────────────

/** isolated-vm as `@toolsmith/executable-knowledge` resolves it: its entry file and version. */
function isolatedVm(): { entry: string; version: string } {
  const require = createRequire(import.meta.resolve('@toolsmith/executable-knowledge'));
  const entry = require.resolve('isolated-vm');
  const json = JSON.parse(readFileSync(join(dirname(entry), 'package.json'), 'utf8')) as { version: string };
  return { entry, version: json.version };
}

export async function runKnowledge(): Promise<BenchmarkResult> {
  const pack = await loadPack();
  const ivm = isolatedVm();
  const pool = createSandboxPool();
  const poolSize = pool.stats().size;
  const executor = new ToolHelperExecutor(pack.definition, pool);
  // The strict variant: every call in a context no other call used (the default shares one locked
  // context per module set).
  const freshPool = createSandboxPool({ freshContextPerCall: true });
  const freshExecutor = new ToolHelperExecutor(pack.definition, freshPool);
  const engine = new ProcessorEngine(pack.definition, executor);
  const native = {
    small: await nativeOf(pack, executor, pack.small),
    processor: await nativeOf(pack, executor, pack.processor),
  };
  const processorModules = executor.modulesFor(pack.processor).length;
  const machine: string[] = [];

  let warm: WarmSamples;
  let throughput: Throughput;
  let warmCpu: { parentUs: number; hostsUs: number | undefined };
  try {
    await Promise.all([pool.start(), freshPool.start()]);
    await checkSameAnswers(pack, executor, engine, native);
    await checkSameAnswers(pack, freshExecutor, new ProcessorEngine(pack.definition, freshExecutor), native);
    warm = await watched('warm', () => measureWarm([executor, freshExecutor], native.small), machine);
    // CPU of a back-to-back call (parent + hosts), measured apart from the timed calls
    warmCpu = await cpuPerCall(pool, async () => {
      for (let i = 0; i < CPU_CALLS; i++)
        await executor.execute(SMALL_HELPER, [SMALL_INPUTS[i % SMALL_INPUTS.length]]);
      return CPU_CALLS;
    });
    throughput = await watched(
      'throughput',
      () =>
        measureThroughput(pack, pool, executor, engine, native, { pool: freshPool, executor: freshExecutor }),
      machine,
    );
  } finally {
    await Promise.all([pool.close(), freshPool.close()]);
  }
  const mixed = await watched('head-of-line', () => measureMixed(pack), machine);
  const cold = await watched('cold', () => measureCold(pack, ivm.entry), machine);
  const synthetic = createSyntheticPack(PACK_DIR, EXTRA_HELPERS);
  let resolver: ResolverSamples;
  try {
    resolver = await watched('resolver', () => measureResolver(synthetic), machine);
  } finally {
    synthetic.remove();
  }

  // ── tables ──
  const nativeLabel = 'native: normalizeFieldName in-process (node:vm) — baseline';
  const withP99 = (samples: number[], unit: string, extra = '') =>
    `p99 ${fixed(p99(samples), 1)} ${unit}${extra}`;
  const [shared, strict] = warm.sandbox as [WarmSamples['sandbox'][number], WarmSamples['sandbox'][number]];
  const backToBack = summarize(shared.backToBack.endToEnd);
  const paced = summarize(shared.paced.endToEnd);
  const backToBackP99 = p99(shared.backToBack.endToEnd) / 1000;
  const pacedP99 = p99(shared.paced.endToEnd) / 1000;
  const cpuNote = (cpu: { parentUs: number; hostsUs: number | undefined }) =>
    `CPU per call: bench process ${fixed(cpu.parentUs, 0)} µs${cpu.hostsUs === undefined ? '' : ` + hosts ${fixed(cpu.hostsUs, 0)} µs`}`;
  const warmRows = (variant: string, series: WarmSamples['sandbox'][number], cpu?: string): ResultRow[] => [
    {
      label: `sandbox${variant}: executor.execute, back to back`,
      summary: summarize(series.backToBack.endToEnd),
      versus: nativeLabel,
      note: withP99(series.backToBack.endToEnd, 'µs', cpu ? ` · ${cpu}` : ''),
    },
    {
      label: '  of which inside the host (SandboxResult.durationMs)',
      summary: summarize(series.backToBack.host),
      note: withP99(series.backToBack.host, 'µs'),
    },
    {
      label: `sandbox${variant}: paced (${PACED_IDLE_MS} ms idle before each call)`,
      summary: summarize(series.paced.endToEnd),
      versus: nativeLabel,
      note: withP99(series.paced.endToEnd, 'µs'),
    },
    {
      label: '  of which inside the host (SandboxResult.durationMs)',
      summary: summarize(series.paced.host),
      note: withP99(series.paced.host, 'µs'),
    },
  ];

  const warmTable = {
    title: `warm call, end to end: ${SMALL_HELPER} on a short string, µs per call (pools of ${poolSize}; ${LATENCY_ROUNDS} rounds after ${WARMUP_CALLS} warm-up calls)`,
    unit: 'µs' as const,
    rows: [
      { label: nativeLabel, summary: summarize(warm.native), note: withP99(warm.native, 'µs') },
      ...warmRows('', shared, cpuNote(warmCpu)),
      ...warmRows(' (freshContextPerCall)', strict),
    ],
  };

  const nativeColdSmall = 'native: new node:vm context + compile + first call (small helper) — baseline';
  const nativeColdProcessor = `native: the same for ${PROCESSOR} (${processorModules} modules) — baseline`;
  const smallFresh = summarize(cold.smallFresh);
  const coldTable = {
    title: `first call on a started pool (fresh pool per sample, ${COLD_SAMPLES} samples; each order half of them), ms`,
    unit: 'ms' as const,
    rows: [
      { label: nativeColdSmall, summary: summarize(cold.nativeSmall) },
      {
        label: `sandbox: first call, ${SMALL_HELPER} (isolate + runtime + compile + call)`,
        summary: smallFresh,
        versus: nativeColdSmall,
        note: `inside the host ${fixed(summarize(cold.smallFreshHost).median, 1)} ms (median)`,
      },
      {
        label: `sandbox: ${SMALL_HELPER} first, after ${PROCESSOR} made the isolate`,
        summary: summarize(cold.smallNewCode),
        versus: nativeColdSmall,
      },
      { label: 'sandbox: its second call (warm, for comparison)', summary: summarize(cold.smallSecond) },
      { label: nativeColdProcessor, summary: summarize(cold.nativeProcessor) },
      {
        label: `sandbox: first call, ${PROCESSOR} (isolate + runtime + ${processorModules} modules + call)`,
        summary: summarize(cold.processorFresh),
        versus: nativeColdProcessor,
      },
      {
        label: `sandbox: ${PROCESSOR} first, after ${SMALL_HELPER} made the isolate`,
        summary: summarize(cold.processorNewCode),
        versus: nativeColdProcessor,
      },
    ] satisfies ResultRow[],
  };

  const bareLabel = `fork ${poolSize} bare Node hosts → ready (floor)`;
  const startTable = {
    title: `pool start: spawn ${poolSize} host processes → all ready, ms (${COLD_SAMPLES} samples)`,
    unit: 'ms' as const,
    rows: [
      { label: bareLabel, summary: summarize(cold.bareHosts) },
      {
        label: `fork ${poolSize} hosts that import isolated-vm → ready`,
        summary: summarize(cold.ivmHosts),
        versus: bareLabel,
      },
      {
        label: `createSandboxPool().start() (size ${poolSize})`,
        summary: summarize(cold.poolStart),
        versus: bareLabel,
      },
    ] satisfies ResultRow[],
  };

  const loopRow = (
    label: string,
    result: LoopResult,
    unit: string,
    versus?: string,
    extra = '',
  ): ResultRow => ({
    label,
    summary: summarize(result.windows),
    ...(versus ? { versus } : {}),
    note: `${perSecond(result.calls, result.ms)} ${unit}/s (${result.calls.toLocaleString('en-US')} in ${fixed(result.ms / 1000, 1)} s)${extra}`,
  });
  const nativeSmallThroughput = 'native: normalizeFieldName, one caller — baseline';
  const nativeProcessorThroughput = `native: ${PROCESSOR}, one caller — baseline`;
  const sandboxCallsPerSecond = (throughput.sandbox.calls / throughput.sandbox.ms) * 1000;
  const throughputTable = {
    title: `throughput at the default pool size (${poolSize}), µs per call (${WINDOW_MS} ms windows: window time ÷ calls ended in it)`,
    unit: 'µs' as const,
    rows: [
      loopRow(nativeSmallThroughput, throughput.native, 'calls'),
      loopRow(
        `sandbox: ${SMALL_HELPER}, ${IN_FLIGHT} calls in flight`,
        throughput.sandbox,
        'calls',
        nativeSmallThroughput,
        ` · ${cpuNote(throughput.sandboxCpu)}`,
      ),
      loopRow(
        'sandbox (freshContextPerCall): the same',
        throughput.fresh,
        'calls',
        nativeSmallThroughput,
        ` · ${cpuNote(throughput.freshCpu)}`,
      ),
      loopRow(nativeProcessorThroughput, throughput.nativeProcessor, 'payloads'),
      loopRow(
        `sandbox: ProcessorEngine.run('${PROCESSOR}'), one at a time`,
        throughput.processorSequential,
        'payloads',
        nativeProcessorThroughput,
      ),
      loopRow(
        `sandbox: ProcessorEngine.run('${PROCESSOR}'), ${IN_FLIGHT} in flight`,
        throughput.processorConcurrent,
        'payloads',
        nativeProcessorThroughput,
        ` · ${cpuNote(throughput.processorCpu)}`,
      ),
    ],
  };

  const mixedRow = (depth: '1' | '8', label: string, versus?: string): ResultRow => {
    const quick = mixed.quick[depth];
    return {
      label,
      summary: summarize(quick),
      ...(versus === undefined ? {} : { versus }),
      note: `p99 ${fixed(p99(quick) / 1000, 1)} ms, max ${fixed(Math.max(...quick) / 1000, 0)} ms · ${perSecond(quick.length, mixed.ms[depth])} quick calls/s beside ${perSecond(mixed.slowCalls[depth], mixed.ms[depth])} slow calls/s`,
    };
  };
  const depthOneLabel = 'pipelineDepth 1: a host gets a call only when idle — baseline';
  const mixedTable = {
    title: `head-of-line: ${SMALL_HELPER} latency, µs, with ${MIXED_QUICK_CALLERS} callers beside one caller of a ${MIXED_SLOW_MS} ms helper (pool of ${poolSize}, 2 × ${fixed(MIXED_MS / 1000, 0)} s each)`,
    unit: 'µs' as const,
    rows: [mixedRow('1', depthOneLabel), mixedRow('8', 'pipelineDepth 8 (default)', depthOneLabel)],
  };

  const statLabel = 'fs.stat of the definition file (floor) — baseline';
  const hit = summarize(resolver.hit);
  const hitP99 = p99(resolver.hit);
  const hitTable = {
    title: `ToolResolver cache hit: resolve() of a loaded tool, µs (${HIT_SAMPLES} calls)`,
    unit: 'µs' as const,
    rows: [
      { label: statLabel, summary: summarize(resolver.statFloor), note: withP99(resolver.statFloor, 'µs') },
      {
        label: 'resolver.resolve(), cached',
        summary: hit,
        versus: statLabel,
        note: withP99(resolver.hit, 'µs'),
      },
    ] satisfies ResultRow[],
  };
  const ioLabel = `read the YAML + ${resolver.codeModules} code files (I/O floor) — baseline`;
  const miss = summarize(resolver.miss);
  const coldFirst = summarize(resolver.cold.map((c) => c.firstMs));
  const missTable = {
    title: `ToolResolver miss: a pack of ${resolver.helpers} helpers, ${resolver.codeModules} code modules, ${fixed(resolver.yamlKiB, 0)} KiB of YAML, ms (${MISS_SAMPLES} samples)`,
    unit: 'ms' as const,
    rows: [
      { label: ioLabel, summary: summarize(resolver.ioFloor) },
      {
        label: 'loadToolDefinition() alone (parse + validate + code)',
        summary: summarize(resolver.loadDefinition),
        versus: ioLabel,
      },
      {
        label: 'resolver.invalidate() + resolve() (load + runtime objects)',
        summary: miss,
        versus: ioLabel,
        note: withP99(resolver.miss, 'ms'),
      },
      {
        label: 'first resolve() in a fresh process (informative)',
        summary: coldFirst,
        note: `process start + import before it ${fixed(summarize(resolver.cold.map((c) => c.startupMs)).median, 0)} ms; then a second load ${fixed(summarize(resolver.cold.map((c) => c.secondMs)).median, 1)} ms`,
      },
    ] satisfies ResultRow[],
  };

  const targets: TargetCheck[] = [
    {
      target: `warm helper call p50 ≤ ${WARM_P50_MS} ms (back to back)`,
      measured: `${fixed(backToBack.median / 1000, 3)} ms (paced: ${fixed(paced.median / 1000, 3)} ms; freshContextPerCall: ${fixed(summarize(strict.backToBack.endToEnd).median / 1000, 3)} / ${fixed(summarize(strict.paced.endToEnd).median / 1000, 3)} ms; native ${fixed(summarize(warm.native).median, 2)} µs)`,
      met: backToBack.median / 1000 <= WARM_P50_MS,
    },
    {
      target: `warm helper call p99 ≤ ${WARM_P99_MS} ms (back to back)`,
      measured: `${fixed(backToBackP99, 2)} ms (paced: ${fixed(pacedP99, 2)} ms; freshContextPerCall: ${fixed(p99(strict.backToBack.endToEnd) / 1000, 2)} / ${fixed(p99(strict.paced.endToEnd) / 1000, 2)} ms)`,
      met: backToBackP99 <= WARM_P99_MS,
    },
    {
      target: `first call on a started pool ≤ ${COLD_MS} ms (median; isolate + runtime + compile + call, ${SMALL_HELPER})`,
      measured: `${fixed(smallFresh.median, 1)} ms, p95 ${fixed(smallFresh.p95, 1)} ms (${PROCESSOR}: ${fixed(summarize(cold.processorFresh).median, 1)} ms; pool start ${fixed(summarize(cold.poolStart).median, 0)} ms, not included)`,
      met: smallFresh.median <= COLD_MS,
    },
    {
      target: `small helper throughput ≥ ${CALLS_PER_SECOND.toLocaleString('en-US')} calls/s (pool of ${poolSize}, ${IN_FLIGHT} in flight)`,
      measured: `${perSecond(throughput.sandbox.calls, throughput.sandbox.ms)} calls/s (freshContextPerCall: ${perSecond(throughput.fresh.calls, throughput.fresh.ms)} calls/s)`,
      met: sandboxCallsPerSecond >= CALLS_PER_SECOND,
    },
    {
      target: `resolver cache hit < ${HIT_MS} ms (p99)`,
      measured: `median ${fixed(hit.median / 1000, 3)} ms, p99 ${fixed(hitP99 / 1000, 3)} ms`,
      met: hitP99 / 1000 < HIT_MS,
    },
    {
      target: `resolver miss (parse + load, ${resolver.helpers} helpers) ≤ ${MISS_MS} ms (median)`,
      measured: `${fixed(miss.median, 1)} ms, p95 ${fixed(miss.p95, 1)} ms (first in a fresh process: ${fixed(coldFirst.median, 0)} ms)`,
      met: miss.median <= MISS_MS,
    },
  ];

  const processorThroughput =
    (throughput.processorConcurrent.calls / throughput.processorConcurrent.ms) * 1000;
  return {
    name: 'knowledge',
    tables: [warmTable, coldTable, startTable, throughputTable, mixedTable, hitTable, missTable],
    targets,
    notes: [
      `isolated-vm ${ivm.version}; pool size ${poolSize} (the default: os.availableParallelism()); default limits. Running from TypeScript sources (--conditions=@toolsmith/source): the hosts run sandbox-host.ts with type stripping.`,
      'Two pools: the default one, where calls with the same modules share one context, loaded once and then locked (frozen globals and built-ins), and one created with freshContextPerCall: true, where every call gets a context no other call used (the host makes the next one while idle). Targets are judged on the default.',
      `Before measuring, the sandbox and the native code gave identical answers for ${SMALL_INPUTS.length} inputs of ${SMALL_HELPER} and all ${pack.payloads.length} payload fixtures of ${PROCESSOR} (verbatim and derived).`,
      `Warm: rounds interleave ${NATIVE_CALLS} native calls, then ${BACK_TO_BACK_CALLS} back-to-back and ${PACED_CALLS} paced calls on each pool; sequential calls all go to the first idle host. "Inside the host" is the host's own measure of a call (from receiving the run message to the answer), so end to end minus it is IPC, (de)serialisation and waiting for the host.`,
      `Cold: each sample forks the floors, starts a fresh pool, then calls ${SMALL_HELPER} and ${PROCESSOR} (via executor.run, no schema check) on it, in alternating order; the first call includes the host creating its isolated-vm isolate (lazily, at the first call), compiling the sandbox runtime and the modules. Pool start (spawn → every host ready) is measured apart and not included. First pool start of the process (discarded): ${fixed(cold.firstPoolStartMs, 0)} ms.`,
      `Throughput: closed loop, each of the ${IN_FLIGHT} callers calls again when its call ends; ${fixed(THROUGHPUT_MS / 1000, 0)} s after ${fixed(THROUGHPUT_WARMUP_MS / 1000, 0)} s of warm-up. ${PROCESSOR}: ProcessorEngine.run (output schema checked with ajv) over the ${pack.payloads.length} payloads round-robin — ${Math.round(processorThroughput).toLocaleString('en-US')} payloads/s with ${IN_FLIGHT} in flight. CPU per call: process.cpuUsage() of the bench process, /proc/<pid>/stat of the hosts (10 ms ticks).`,
      `Head-of-line: with pipelining a busy host is handed up to 8 calls ahead, and a call waits behind those before it; the pool sends nothing ahead behind a call whose entry ran slowly lately (over 2 ms) or not warm yet, nor to a host silent for 5 ms. pipelineDepth 1 never queues a call on a busy host. Fresh pools per run; the spinning helper is a module of its own (bench/spin.js), so the pool learns it is slow.`,
      `The machine during each part — ${machine.join('; ')}. Latency percentiles (p99 above all) move with other load on a 2-vCPU VM: three processes (bench, two hosts) take turns on two cores for every call.`,
      `Resolver: a copy of the ClickUp pack plus ${EXTRA_HELPERS} generated helpers (fixtures/knowledge/synthetic-pack.ts) in a temporary folder; the resolver has a pool (never started), so a miss builds the executor, validation helper and processor engine as in production. A miss keeps the search-path index (scanned once). The fresh-process row is ${RESOLVE_COLD_RUNS} runs of fixtures/knowledge/resolve-cold.ts.`,
    ],
  };
}
