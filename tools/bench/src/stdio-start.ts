/**
 * Starting a server over stdio and timing it: spawn → `initialize` answered → first `tools/list`
 * answered, with the SDK client (`StdioClientTransport`), as a client starts a server it was configured
 * with; and the floor of any process, `node -e ''`. The cold-start benchmarks of the server apps use it.
 */
import { spawn } from 'node:child_process';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { CPU_MARKER } from './fixtures/report-cpu-at-exit.ts';
import { elapsedMs, summarize } from './stats.ts';

export interface StartSample {
  /** Spawn → `initialize` answered. */
  initializeMs: number;
  /** Spawn → first `tools/list` answered. */
  listMs: number;
  tools: number;
  /** CPU time of the server process, start → exit (closed right after tools/list); undefined if it was killed. */
  cpuMs: number | undefined;
}

export interface StartVariant {
  label: string;
  args: string[];
  env: Record<string, string>;
  /** Label of the row the ratios are taken against. */
  versus?: string;
  samples: StartSample[];
}

/**
 * The environment of a spawned server: the bench's own, without anything that would change what is
 * measured (NODE_OPTIONS, a compile cache, MCP settings of the shell, variables starting with one of
 * `dropPrefixes`), plus `extra`.
 */
export function childEnv(
  extra: Record<string, string>,
  dropPrefixes: readonly string[] = [],
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (
      value === undefined ||
      key === 'NODE_OPTIONS' ||
      key === 'NODE_COMPILE_CACHE' ||
      key === 'NODE_DISABLE_COMPILE_CACHE' ||
      key.startsWith('MCP_') ||
      dropPrefixes.some((prefix) => key.startsWith(prefix))
    )
      continue;
    env[key] = value;
  }
  return { ...env, ...extra };
}

/**
 * Spawns the variant's server, times `initialize` and the first `tools/list`, closes it (stdin ends; the
 * process exits) and reads the CPU time the `--import` preload (fixtures/cpu-at-exit-preload.mjs) printed.
 */
export async function startServer(variant: StartVariant): Promise<StartSample> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: variant.args,
    env: variant.env,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'toolsmith-bench', version: '0.0.0' });
  let sample: Omit<StartSample, 'cpuMs'>;
  try {
    const start = process.hrtime.bigint();
    await client.connect(transport); // spawns the process, then initialize
    const initializeMs = elapsedMs(start);
    const { tools } = await client.listTools();
    const listMs = elapsedMs(start);
    sample = { initializeMs, listMs, tools: tools.length };
  } catch (error) {
    await client.close();
    throw new Error(
      `${variant.label} did not answer tools/list: ${(error as Error).message}\nstderr:\n${stderr}`,
      { cause: error },
    );
  }
  await client.close(); // ends stdin; waits for the process to exit
  const cpu = new RegExp(`${CPU_MARKER} (\\d+)`).exec(stderr)?.[1];
  return { ...sample, cpuMs: cpu === undefined ? undefined : Number(cpu) / 1000 };
}

/** Spawn → exit of `node -e ''`. */
export function startBareNode(): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(elapsedMs(start)) : reject(new Error(`node -e '' exited with ${code}`)),
    );
  });
}

/** The tool count the samples saw: a range if it changed during the run (the tree was edited meanwhile). */
export function toolCount(samples: readonly StartSample[]): string {
  const counts = samples.map((s) => s.tools);
  const [low, high] = [Math.min(...counts), Math.max(...counts)];
  return low === high ? `${low} tools` : `${low}–${high} tools (changed during the run)`;
}

/** The CPU times the samples reported, summarized; undefined if none did. */
export function cpuOf(samples: readonly StartSample[]) {
  const values = samples.flatMap((s) => (s.cpuMs === undefined ? [] : [s.cpuMs]));
  return values.length > 0 ? summarize(values) : undefined;
}

/**
 * The median of the per-round ratios `variant / baseline` of spawn → tools/list: each round starts both
 * (in a rotating order), so a slow phase of the machine hits both samples of a round and cancels out in
 * their ratio, where a ratio of the two medians takes each median from different moments.
 */
export function pairedRatio(
  variant: readonly Pick<StartSample, 'listMs'>[],
  baseline: readonly Pick<StartSample, 'listMs'>[],
): number {
  if (variant.length !== baseline.length || variant.length === 0) {
    throw new Error(
      `pairedRatio needs one sample of each per round (${variant.length} vs ${baseline.length})`,
    );
  }
  return summarize(variant.map((sample, round) => sample.listMs / baseline[round]!.listMs)).median;
}
