/**
 * tools/call round-trip overhead: toolsmith's MCP server (`createMcpServer`, BaseTool.run) against a
 * plain SDK `McpServer.registerTool` server doing the same work — validate the arguments with the same
 * zod 4 schema, return a small JSON object built from them — both reached by the SDK `Client` over
 * `InMemoryTransport.createLinkedPair()`. A low-level SDK `Server` that skips validation shows the
 * protocol's own floor; the "direct" rows time the tool layer alone, without MCP.
 *
 * Every measurement runs in a fresh worker thread holding only its own target. Measured side by side in
 * one isolate, the targets share the JIT state of the SDK and zod code they all run, and the ratio
 * depends on which ran with which (in-process runs gave 1.3–1.6× where isolated runs give ~1.1–1.2×).
 */
import { Worker } from 'node:worker_threads';
import {
  benchmarkCalls,
  CALL_TARGET_LABELS,
  CALL_TARGETS,
  CALL_TOOL_COUNT,
  createInvoker,
  type CallTarget,
} from './fixtures/call-targets.ts';
import type { BenchmarkResult, ResultRow } from './report.ts';
import { sized } from './smoke.ts';
import { summarize } from './stats.ts';
import type { CallWorkerInput, CallWorkerOutput } from './workers/call-worker.ts';

const ROUNDS = sized(5, 1);
const WARMUP_CALLS = sized(2_000, 10);
const SEQUENTIAL_CALLS = sized(1_000, 10); // per round: 5 000 per target
const BATCHES = sized(40, 2); // per round: 200 batches per target
const BATCH_SIZE = 50;
/** Issue 12: toolsmith's tools/call within 5% of the plain SDK v2 McpServer. */
const TARGET_RATIO = 1.05;

const WORKER = new URL('./workers/call-worker.ts', import.meta.url);

function measure(target: CallTarget): Promise<CallWorkerOutput> {
  const workerData: CallWorkerInput = {
    target,
    warmupCalls: WARMUP_CALLS,
    sequentialCalls: SEQUENTIAL_CALLS,
    batches: BATCHES,
    batchSize: BATCH_SIZE,
  };
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData });
    let output: CallWorkerOutput | undefined;
    worker.once('message', (message: CallWorkerOutput) => (output = message));
    worker.once('error', reject);
    worker.once('exit', (code) =>
      output && code === 0
        ? resolve(output)
        : reject(new Error(`The ${target} call worker exited with code ${code}.`)),
    );
  });
}

/** Both servers must answer every benchmark call with the same text: then they do the same work. */
async function checkSameAnswers(): Promise<void> {
  const [toolsmith, plain] = await Promise.all([createInvoker('toolsmith'), createInvoker('plain')]);
  try {
    for (const call of benchmarkCalls()) {
      const [a, b] = [await toolsmith.invoke(call), await plain.invoke(call)];
      if (a !== b)
        throw new Error(`toolsmith and the plain SDK answer ${call.name} differently:\n${a}\n${b}`);
    }
  } finally {
    await Promise.all([toolsmith.close(), plain.close()]);
  }
}

export async function runCallOverhead(): Promise<BenchmarkResult> {
  await checkSameAnswers();

  const results = Object.fromEntries(
    CALL_TARGETS.map((t) => [t, { sequential: [] as number[], concurrent: [] as number[] }]),
  ) as Record<CallTarget, { sequential: number[]; concurrent: number[] }>;
  let loggedLines = 0;
  // one worker at a time (they would compete for cores), targets in a rotating order round by round
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < CALL_TARGETS.length; i++) {
      const target = CALL_TARGETS[(round + i) % CALL_TARGETS.length] as CallTarget;
      const output = await measure(target);
      results[target].sequential.push(...output.sequential);
      results[target].concurrent.push(...output.concurrent);
      loggedLines += output.loggedLines;
    }
  }

  const row = (target: CallTarget, samples: number[], versus?: CallTarget, perSecond = false): ResultRow => {
    const summary = summarize(samples);
    return {
      label: CALL_TARGET_LABELS[target],
      summary,
      ...(versus ? { versus: CALL_TARGET_LABELS[versus] } : {}),
      ...(perSecond ? { note: `≈ ${Math.round(1e6 / summary.median).toLocaleString('en-US')} calls/s` } : {}),
    };
  };
  const mcpRows = (mode: 'sequential' | 'concurrent') =>
    (['floor', 'plain', 'toolsmith'] as const).map((t) =>
      row(t, results[t][mode], t === 'toolsmith' ? 'plain' : undefined, mode === 'concurrent'),
    );
  const ratio = (mode: 'sequential' | 'concurrent') =>
    summarize(results.toolsmith[mode]).median / summarize(results.plain[mode]).median;
  const seq = ratio('sequential');
  const conc = ratio('concurrent');

  return {
    name: 'call-overhead',
    tables: [
      {
        title: `sequential tools/call round trip, µs per call (${ROUNDS * SEQUENTIAL_CALLS} calls per server, each round after ${WARMUP_CALLS} warm-up calls)`,
        unit: 'µs',
        rows: mcpRows('sequential'),
      },
      {
        title: `concurrent tools/call, µs per call (${ROUNDS * BATCHES} batches of ${BATCH_SIZE} calls in flight; batch time ÷ ${BATCH_SIZE})`,
        unit: 'µs',
        rows: mcpRows('concurrent'),
      },
      {
        title: `the tool layer alone, no MCP: µs per call (${ROUNDS * SEQUENTIAL_CALLS} sequential calls)`,
        unit: 'µs',
        rows: [
          row('direct-plain', results['direct-plain'].sequential),
          row('direct-toolsmith', results['direct-toolsmith'].sequential, 'direct-plain'),
        ],
      },
    ],
    targets: [
      {
        target: `tools/call toolsmith / plain SDK, sequential ≤ ${TARGET_RATIO}×`,
        measured: `${seq.toFixed(2)}× (median µs per call)`,
        met: seq <= TARGET_RATIO,
      },
      {
        target: `tools/call toolsmith / plain SDK, concurrent ≤ ${TARGET_RATIO}×`,
        measured: `${conc.toFixed(2)}× (median µs per call)`,
        met: conc <= TARGET_RATIO,
      },
    ],
    notes: [
      `Each target runs in a fresh worker thread (own isolate: own JIT state and heap), one at a time; ${ROUNDS} rounds, targets in a rotating order.`,
      `Tools called round-robin (one per action): ${benchmarkCalls()
        .map((c) => c.name)
        .join(', ')}; every optional argument filled, no \`fields\`.`,
      'Both servers answer each call with byte-identical text (checked before measuring).',
      `toolsmith server: ${CALL_TOOL_COUNT} tools + search_tools, stream logger at level info (lines written while measuring: ${loggedLines}).`,
    ],
  };
}
