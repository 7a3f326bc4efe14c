/**
 * One measurement of the call-overhead benchmark, in its own worker thread (own V8 isolate, so its JIT
 * state and heap are its own, as in a real server process): builds one target, warms it up, then times
 * sequential calls one by one and concurrent batches. Posts `{ sequential, concurrent, loggedLines }` (µs).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { benchmarkCalls, createInvoker, type Call, type CallTarget } from '../fixtures/call-targets.ts';
import { elapsedUs } from '../stats.ts';

export interface CallWorkerInput {
  target: CallTarget;
  warmupCalls: number;
  sequentialCalls: number;
  batches: number;
  batchSize: number;
}

export interface CallWorkerOutput {
  sequential: number[];
  concurrent: number[];
  loggedLines: number;
}

const input = workerData as CallWorkerInput;
const calls = benchmarkCalls();
const callAt = (i: number) => calls[i % calls.length] as Call;
const invoker = await createInvoker(input.target);

for (let i = 0; i < input.warmupCalls; i++) await invoker.invoke(callAt(i));

const sequential: number[] = [];
for (let i = 0; i < input.sequentialCalls; i++) {
  const start = process.hrtime.bigint();
  await invoker.invoke(callAt(i));
  sequential.push(elapsedUs(start));
}

const concurrent: number[] = [];
for (let b = 0; b < input.batches; b++) {
  const start = process.hrtime.bigint();
  await Promise.all(Array.from({ length: input.batchSize }, (_, i) => invoker.invoke(callAt(i))));
  concurrent.push(elapsedUs(start) / input.batchSize);
}

await invoker.close();
parentPort?.postMessage({
  sequential,
  concurrent,
  loggedLines: invoker.loggedLines(),
} satisfies CallWorkerOutput);
