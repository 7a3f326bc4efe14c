/**
 * Cold start: from spawning a server process to the answer of its first `tools/list`, over stdio with the
 * SDK client (`StdioClientTransport`). Server A is toolsmith's `runServeCli` with 60 generated tools; the
 * baseline B registers the same 60 schemas on the plain SDK `McpServer`. Both run from TypeScript source
 * with the same node flags. `node -e ''` is the floor: what starting node alone costs. Both are also
 * bundled with `toolsmith-bundle` (`@toolsmith/bundle`), the form server bins ship in, and started
 * from the bundle with plain `node`.
 */
import { spawn } from 'node:child_process';
import { existsSync, globSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { bundleServer } from '@toolsmith/bundle';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { CPU_MARKER } from './fixtures/report-cpu-at-exit.ts';
import type { BenchmarkResult } from './report.ts';
import { sized } from './smoke.ts';
import { elapsedMs, summarize } from './stats.ts';

const NODE_FLAGS = ['--conditions=@toolsmith/source'];
const TOOL_COUNT = 60;
const WARMUP_ROUNDS = sized(2, 0);
const ROUNDS = sized(15, 1);
const TARGET_MS = 300;

const TOOLSMITH_SERVER = fileURLToPath(new URL('./fixtures/toolsmith-server.ts', import.meta.url));
const PLAIN_SERVER = fileURLToPath(new URL('./fixtures/plain-sdk-server.ts', import.meta.url));

interface StartSample {
  /** Spawn → `initialize` answered. */
  initializeMs: number;
  /** Spawn → first `tools/list` answered. */
  listMs: number;
  tools: number;
  listBytes: number;
  /** CPU time of the server process, start → exit (closed right after tools/list); undefined if it was killed. */
  cpuMs: number | undefined;
}

/**
 * Why `@toolsmith/core`'s compiled `dist/` cannot stand in for its source (missing, or older than a source
 * file), or undefined when it can: then a server started without `--conditions=@toolsmith/source` runs the
 * current code from JavaScript.
 */
function staleCoreBuild(): string | undefined {
  const root = dirname(fileURLToPath(import.meta.resolve('@toolsmith/core/package.json')));
  const sources = globSync('src/**/*.ts', { cwd: root }).filter(
    (file) => !file.endsWith('.test.ts') && !file.includes('__fixtures__'),
  );
  for (const source of sources) {
    const built = join(root, 'dist', source.replace(/^src[\\/]/, '').replace(/\.ts$/, '.js'));
    if (!existsSync(built)) return `packages/core/dist has no ${relative(root, built)}`;
    if (statSync(built).mtimeMs < statSync(join(root, source)).mtimeMs)
      return `packages/core/dist is older than ${source}`;
  }
  return undefined;
}

async function startServer(
  entry: string,
  nodeFlags: readonly string[] = NODE_FLAGS,
  extraEnv: Record<string, string> = {},
): Promise<StartSample> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...nodeFlags, entry],
    env: { ...process.env, BENCH_TOOL_COUNT: String(TOOL_COUNT), ...extraEnv } as Record<string, string>,
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
    sample = { initializeMs, listMs, tools: tools.length, listBytes: JSON.stringify(tools).length };
  } catch (error) {
    await client.close();
    throw new Error(
      `Server ${entry} did not answer tools/list: ${(error as Error).message}\nstderr:\n${stderr}`,
      { cause: error },
    );
  }
  await client.close(); // ends stdin; waits for the process to exit
  const cpu = new RegExp(`${CPU_MARKER} (\\d+)`).exec(stderr)?.[1];
  return { ...sample, cpuMs: cpu === undefined ? undefined : Number(cpu) / 1000 };
}

const cpuOf = (samples: StartSample[]) => {
  const values = samples.flatMap((s) => (s.cpuMs === undefined ? [] : [s.cpuMs]));
  return values.length > 0 ? summarize(values) : undefined;
};

/** Spawn → exit of `node -e ''`. */
function startBareNode(): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(elapsedMs(start)) : reject(new Error(`node -e '' exited with ${code}`)),
    );
  });
}

export async function runColdStart(): Promise<BenchmarkResult> {
  const floor: number[] = [];
  const toolsmith: StartSample[] = [];
  const plain: StartSample[] = [];
  const fromDist: StartSample[] = [];
  const plainCached: StartSample[] = [];
  const toolsmithCached: StartSample[] = [];
  const plainBundled: StartSample[] = [];
  const toolsmithBundled: StartSample[] = [];
  const stale = staleCoreBuild();
  // Node's compile cache, as the generated server bins turn it on (main.ts → enableCompileCache()); the
  // warm-up rounds fill it. Each variant gets its own directory.
  const cacheRoot = mkdtempSync(join(tmpdir(), 'toolsmith-bench-cc-'));
  const cached = (name: string) => ({ NODE_COMPILE_CACHE: join(cacheRoot, name) });
  // Bundled from the current sources, as `npx nx run <app>:bundle` does for a server's published bin.
  const [toolsmithBundle, plainBundle] = await Promise.all(
    [TOOLSMITH_SERVER, PLAIN_SERVER].map(async (entry, i) => {
      const bundle = await bundleServer({ entry, outDir: join(cacheRoot, `bundle-${i}`) });
      return bundle.entryFile;
    }),
  );
  const servers: { samples: StartSample[]; start: () => Promise<StartSample> }[] = [
    { samples: plain, start: () => startServer(PLAIN_SERVER) },
    { samples: toolsmith, start: () => startServer(TOOLSMITH_SERVER) },
    { samples: plainCached, start: () => startServer(PLAIN_SERVER, NODE_FLAGS, cached('plain')) },
    { samples: toolsmithCached, start: () => startServer(TOOLSMITH_SERVER, NODE_FLAGS, cached('toolsmith')) },
    ...(stale === undefined ? [{ samples: fromDist, start: () => startServer(TOOLSMITH_SERVER, []) }] : []),
    { samples: plainBundled, start: () => startServer(plainBundle!, [], cached('plain-bundle')) },
    { samples: toolsmithBundled, start: () => startServer(toolsmithBundle!, [], cached('toolsmith-bundle')) },
  ];
  // Interleaved rounds, so drift (other load on the machine) hits every variant alike, and the order of the
  // servers rotates each round; the warm-up rounds fill the file-system cache.
  for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
    const measured = round >= WARMUP_ROUNDS;
    const bare = await startBareNode();
    if (measured) floor.push(bare);
    for (let i = 0; i < servers.length; i++) {
      const server = servers[(round + i) % servers.length] as (typeof servers)[number];
      const sample = await server.start();
      if (measured) server.samples.push(sample);
    }
  }
  rmSync(cacheRoot, { recursive: true, force: true });

  const plainLabel = 'B  plain SDK McpServer (baseline)';
  const toolsmithLabel = 'A  toolsmith runServeCli';
  const floorLabel = "node -e '' (floor: spawn → exit)";
  const distLabel = 'A′ toolsmith, core from dist/ (informative)';
  const plainCachedLabel = 'B+cc plain SDK, compile cache on';
  const toolsmithCachedLabel = 'A+cc toolsmith, compile cache on';
  const plainBundledLabel = 'B+b  plain SDK, bundled, compile cache on';
  const toolsmithBundledLabel = 'A+b  toolsmith, bundled, compile cache on (as the bins ship)';
  const cachedList = summarize(toolsmithCached.map((s) => s.listMs));
  const bundledList = summarize(toolsmithBundled.map((s) => s.listMs));
  const plainBundledList = summarize(plainBundled.map((s) => s.listMs));
  const listNote = (samples: StartSample[]) =>
    `${samples[0]?.tools} tools, tools/list ${((samples[0]?.listBytes ?? 0) / 1024).toFixed(1)} KiB`;
  const toolsmithList = summarize(toolsmith.map((s) => s.listMs));

  return {
    name: 'cold-start',
    tables: [
      {
        title: `spawn → first tools/list answered (stdio, ${TOOL_COUNT} generated tools, node ${NODE_FLAGS.join(' ')} file.ts)`,
        unit: 'ms',
        rows: [
          { label: floorLabel, summary: summarize(floor) },
          {
            label: plainLabel,
            summary: summarize(plain.map((s) => s.listMs)),
            cpu: cpuOf(plain),
            note: listNote(plain),
          },
          {
            label: toolsmithLabel,
            summary: toolsmithList,
            cpu: cpuOf(toolsmith),
            versus: plainLabel,
            note: listNote(toolsmith),
          },
          ...(fromDist.length > 0
            ? [
                {
                  label: distLabel,
                  summary: summarize(fromDist.map((s) => s.listMs)),
                  cpu: cpuOf(fromDist),
                  versus: plainLabel,
                  note: listNote(fromDist),
                },
              ]
            : []),
          {
            label: plainCachedLabel,
            summary: summarize(plainCached.map((s) => s.listMs)),
            cpu: cpuOf(plainCached),
            versus: plainLabel,
          },
          {
            label: toolsmithCachedLabel,
            summary: cachedList,
            cpu: cpuOf(toolsmithCached),
            versus: plainCachedLabel,
          },
          {
            label: plainBundledLabel,
            summary: plainBundledList,
            cpu: cpuOf(plainBundled),
            versus: plainCachedLabel,
          },
          {
            label: toolsmithBundledLabel,
            summary: bundledList,
            cpu: cpuOf(toolsmithBundled),
            versus: plainBundledLabel,
            note: listNote(toolsmithBundled),
          },
        ],
      },
      {
        title: 'spawn → initialize answered (same runs)',
        unit: 'ms',
        rows: [
          { label: plainLabel, summary: summarize(plain.map((s) => s.initializeMs)) },
          {
            label: toolsmithLabel,
            summary: summarize(toolsmith.map((s) => s.initializeMs)),
            versus: plainLabel,
          },
        ],
      },
    ],
    targets: [
      {
        target: `toolsmith cold start to first tools/list ≤ ${TARGET_MS} ms (median; the bin bundled, compile cache on, as servers ship)`,
        measured: `median ${bundledList.median.toFixed(0)} ms, p95 ${bundledList.p95.toFixed(0)} ms (plain SDK bundled alike: ${plainBundledList.median.toFixed(0)} ms; from source with cache: toolsmith ${cachedList.median.toFixed(0)} ms, plain SDK ${summarize(plainCached.map((s) => s.listMs)).median.toFixed(0)} ms; from source without cache: toolsmith ${toolsmithList.median.toFixed(0)} ms)`,
        met: bundledList.median <= TARGET_MS,
      },
    ],
    notes: [
      `${ROUNDS} measured rounds after ${WARMUP_ROUNDS} warm-up rounds; each round starts the floor, then B, A${stale === undefined ? ', A′' : ''}, B+cc, A+cc, B+b and A+b once each in a rotating order.`,
      "+b rows: the same server files bundled by `bundleServer` (@toolsmith/bundle, rolldown; what `toolsmith-bundle` and the apps' `bundle` targets run) into one ESM file plus chunks, started with plain `node` (no source condition) and the compile cache on.",
      stale === undefined
        ? "A′ is server A started without --conditions=@toolsmith/source: @toolsmith/core resolves to its compiled dist/ (what an npm user runs), so core's ~60 source files are not type-stripped at start."
        : `A′ (core from its compiled dist/) skipped: ${stale}. Run \`npx nx build core\` to include it.`,
      "A also serves the built-in search_tools tool (on by default), hence one tool more than B. B's tools/list is larger: it keeps the regex zod 4 writes beside each `format` (email, date, uuid…), which toolsmith drops.",
      'cpu: user + system CPU time of the server process from start to exit (it is closed right after tools/list).',
      '+cc rows run with NODE_COMPILE_CACHE set (own directory per variant, filled during the warm-up rounds): V8 reuses compiled code (and the type-stripped sources) between starts, as the generated bins do with module.enableCompileCache().',
    ],
  };
}
