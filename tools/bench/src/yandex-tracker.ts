/**
 * The Yandex Tracker MCP server (`apps/yandex-tracker`, its real bin) against its API emulator
 * (`@toolsmith/yandex-tracker-emulator`, run in the bench process):
 *
 * 1. cold start: spawn → first `tools/list` answered, over stdio with the SDK client
 *    (`StdioClientTransport`), with the default toolsets and with `--toolsets all`, each with the compile
 *    cache off and on (as the bin starts: it calls `enableCompileCache()`); same-run baselines are
 *    `node -e ''` (the floor) and the plain-SDK 60-tool fixture of the cold-start benchmark;
 * 2. tools/list size: tokens of the raw answer as the server sends it, counted with a real tokenizer
 *    (`definitionTokens` of @toolsmith/testing: js-tiktoken o200k_base over the JSON of each entry) for
 *    the default toolsets and for all of them, against issue 15's budgets (≤ 150 per tool, ≤ 3,000 for
 *    the defaults; a miss fails the bench run), with the heaviest tools and the instructions' tokens;
 *    bytes of `JSON.stringify({ tools })` beside it;
 * 3. tools/call overhead: `tracker_get_issues` and `tracker_find_issues` through the MCP client over
 *    stdio (one warm server) against the same API request sent directly with `fetch` from the bench
 *    process, interleaved.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, type JSONRPCMessage } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { bundleServer } from '@toolsmith/bundle';
import { countTokens, definitionTokens } from '@toolsmith/testing';
import { createTrackerEmulator, type TrackerEmulator } from '@toolsmith/yandex-tracker-emulator';
import { noProgress, silentLogger } from '@toolsmith/core';
import { createDeps, createRegistry, loadConfig } from '@toolsmith/yandex-tracker-mcp';
import { bundlePublishedBin } from './fixtures/published-bin.ts';
import { CPU_MARKER } from './fixtures/report-cpu-at-exit.ts';
import { processesCpuMs, watched } from './machine-load.ts';
import type { BenchmarkResult, ResultRow, TargetCheck } from './report.ts';
import { sized } from './smoke.ts';
import { elapsedMs, summarize, type Summary } from './stats.ts';
import { pairedRatio } from './stdio-start.ts';

const NODE_FLAGS = ['--conditions=@toolsmith/source'];
const PLAIN_TOOL_COUNT = 60;
// 1. cold start
const START_WARMUP_ROUNDS = sized(2, 0);
const START_ROUNDS = sized(30, 1);
const START_TARGET_MS = 300;
// 2. tools/list size: issue 15's token budgets (fail the run when missed) and ADR 0009's 20 KB
const LIST_TARGET_BYTES = 20_000; // 20 KB
const PER_TOOL_GOAL = 150;
const DEFAULT_GOAL = 3000;
// 3. tools/call
const CALL_WARMUP_ROUNDS = sized(50, 2);
const CALL_ROUNDS = sized(300, 3);
const CALL_TARGET_RATIO = 1.2;
const CALL_TARGET_SLACK_MS = 1;
const ISSUE = 'DEMO-1';
const QUEUE = 'DEMO';
const PER_PAGE = 20;

const TRACKER_BIN = fileURLToPath(import.meta.resolve('@toolsmith/yandex-tracker-mcp/bin'));
const TRACKER_ROOT = dirname(
  fileURLToPath(import.meta.resolve('@toolsmith/yandex-tracker-mcp/package.json')),
);
const PLAIN_SERVER = fileURLToPath(new URL('./fixtures/plain-sdk-server.ts', import.meta.url));
const PLAIN_TRACKER_SERVER = fileURLToPath(new URL('./fixtures/plain-tracker-server.ts', import.meta.url));
const ONE_TOOL_SERVER = fileURLToPath(new URL('./fixtures/one-tool-plain-server.mjs', import.meta.url));
const CPU_PRELOAD = new URL('./fixtures/cpu-at-exit-preload.mjs', import.meta.url).href;

const fixed = (value: number, digits = 2) => value.toFixed(digits);
const kb = (bytes: number) => `${fixed(bytes / 1000, 1)} KB`;

// ── shared ───────────────────────────────────────────────────────────────────────────────────────

/**
 * The environment of a spawned server: the bench's own, without anything that would change what is
 * measured (NODE_OPTIONS, a compile cache, Tracker or MCP settings of the shell), plus `extra`.
 */
function childEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (
      value === undefined ||
      key === 'NODE_OPTIONS' ||
      key === 'NODE_COMPILE_CACHE' ||
      key === 'NODE_DISABLE_COMPILE_CACHE' ||
      key.startsWith('YANDEX_') ||
      key.startsWith('MCP_')
    )
      continue;
    env[key] = value;
  }
  return { ...env, ...extra };
}

const trackerEnv = (emulator: TrackerEmulator) => ({
  YANDEX_TRACKER_API_BASE: emulator.url,
  YANDEX_TRACKER_TOKEN: emulator.token,
  YANDEX_ORG_ID: emulator.orgId,
});

// ── 1. cold start ────────────────────────────────────────────────────────────────────────────────

interface StartSample {
  /** Spawn → `initialize` answered. */
  initializeMs: number;
  /** Spawn → first `tools/list` answered. */
  listMs: number;
  tools: number;
  /** CPU time of the server process, start → exit (closed right after tools/list); undefined if it was killed. */
  cpuMs: number | undefined;
}

interface StartVariant {
  label: string;
  args: string[];
  env: Record<string, string>;
  versus?: string;
  samples: StartSample[];
}

async function startServer(variant: StartVariant): Promise<StartSample> {
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

/** The tool count the samples saw: a range if it changed during the run (the tree was edited meanwhile). */
function toolCount(samples: StartSample[]): string {
  const counts = samples.map((s) => s.tools);
  const [low, high] = [Math.min(...counts), Math.max(...counts)];
  return low === high ? `${low} tools` : `${low}–${high} tools (changed during the run)`;
}

const cpuOf = (samples: StartSample[]) => {
  const values = samples.flatMap((s) => (s.cpuMs === undefined ? [] : [s.cpuMs]));
  return values.length > 0 ? summarize(values) : undefined;
};

async function benchColdStart(emulator: TrackerEmulator, result: BenchmarkResult): Promise<void> {
  // Node's compile cache, as the bin turns it on (enableCompileCache()); the warm-up rounds fill it. Each
  // variant gets its own directory; "cache off" rows set NODE_DISABLE_COMPILE_CACHE=1, which also turns the
  // bin's enableCompileCache() into a no-op.
  const cacheRoot = mkdtempSync(join(tmpdir(), 'toolsmith-bench-tracker-cc-'));
  const off = { NODE_DISABLE_COMPILE_CACHE: '1' };
  const cached = (name: string) => ({ NODE_COMPILE_CACHE: join(cacheRoot, name) });
  const plainEnv = { BENCH_TOOL_COUNT: String(PLAIN_TOOL_COUNT) };
  const tracker = (toolsets: string[]) => [...NODE_FLAGS, '--import', CPU_PRELOAD, TRACKER_BIN, ...toolsets];
  // The published bin (one ESM file bundled by the app's `bundle` target, `toolsmith-bundle`) is
  // rebuilt from the current sources first (about a second), so it measures this code — into a
  // temporary copy of the package, not into the checkout.
  const published = await bundlePublishedBin(TRACKER_ROOT);
  const bundle = (toolsets: string[]) => ['--import', CPU_PRELOAD, published.bin, ...toolsets];
  // The floor, as written (one .mjs file importing the SDK from node_modules) and bundled alike.
  const oneToolBundle = await bundleServer({ entry: ONE_TOOL_SERVER, outDir: join(cacheRoot, 'one-tool') });
  const oneTool = (entry: string) => ['--import', CPU_PRELOAD, entry];
  const all = ['--toolsets', 'all'];

  const floorLabel = "node -e '' (floor: spawn → exit)";
  // Issue 12's floor: the smallest server on the plain SDK v2, one tool, compile cache on.
  const oneToolLabel =
    'F+cc plain SDK v2 McpServer, 1 tool, one .mjs file, compile cache on (floor of a server)';
  const oneToolBundledLabel = 'F+b  the same floor bundled alike (rolldown), compile cache on (informative)';
  const plainLabel = `B    plain SDK McpServer, ${PLAIN_TOOL_COUNT} tools (baseline)`;
  const plainCachedLabel = 'B+cc plain SDK, compile cache on';
  const variants: StartVariant[] = [
    {
      label: plainLabel,
      args: [...NODE_FLAGS, PLAIN_SERVER],
      env: childEnv({ ...plainEnv, ...off }),
      samples: [],
    },
    {
      label: plainCachedLabel,
      args: [...NODE_FLAGS, PLAIN_SERVER],
      env: childEnv({ ...plainEnv, ...cached('plain') }),
      versus: plainLabel,
      samples: [],
    },
    {
      label: 'T    Tracker, default toolsets, compile cache off',
      args: tracker([]),
      env: childEnv({ ...trackerEnv(emulator), ...off }),
      versus: plainLabel,
      samples: [],
    },
    {
      label: 'T+cc Tracker, default toolsets, compile cache on (as the bin starts)',
      args: tracker([]),
      env: childEnv({ ...trackerEnv(emulator), ...cached('tracker-default') }),
      versus: plainCachedLabel,
      samples: [],
    },
    {
      label: 'A    Tracker, --toolsets all, compile cache off',
      args: tracker(all),
      env: childEnv({ ...trackerEnv(emulator), ...off }),
      versus: plainLabel,
      samples: [],
    },
    {
      label: 'A+cc Tracker, --toolsets all, compile cache on (as the bin starts)',
      args: tracker(all),
      env: childEnv({ ...trackerEnv(emulator), ...cached('tracker-all') }),
      versus: plainCachedLabel,
      samples: [],
    },
    {
      label: 'P    published bin (bundle), default toolsets, compile cache off',
      args: bundle([]),
      env: childEnv({ ...trackerEnv(emulator), ...off }),
      versus: plainLabel,
      samples: [],
    },
    {
      label: 'P+cc published bin (bundle), default toolsets, compile cache on',
      args: bundle([]),
      env: childEnv({ ...trackerEnv(emulator), ...cached('tracker-bundle') }),
      versus: plainCachedLabel,
      samples: [],
    },
    {
      label: oneToolLabel,
      args: oneTool(ONE_TOOL_SERVER),
      env: childEnv(cached('plain-one')),
      samples: [],
    },
    {
      label: 'PA+cc published bin (bundle), --toolsets all, compile cache on',
      args: bundle(all),
      env: childEnv({ ...trackerEnv(emulator), ...cached('tracker-bundle-all') }),
      versus: oneToolLabel,
      samples: [],
    },
    {
      label: oneToolBundledLabel,
      args: oneTool(oneToolBundle.entryFile),
      env: childEnv(cached('plain-one-bundle')),
      versus: oneToolLabel,
      samples: [],
    },
  ];
  const [
    ,
    ,
    defaultOff,
    defaultCached,
    allOff,
    allCached,
    bundleOff,
    bundleCached,
    oneToolFloor,
    bundleAll,
    oneToolBundled,
  ] = variants as [
    StartVariant,
    StartVariant,
    StartVariant,
    StartVariant,
    StartVariant,
    StartVariant,
    StartVariant,
    StartVariant,
    StartVariant,
    StartVariant,
    StartVariant,
  ];

  const floor: number[] = [];
  try {
    // Interleaved rounds, so drift (other load on the machine) hits every variant alike, and the order of
    // the servers rotates each round; the warm-up rounds fill the file-system and compile caches.
    for (let round = 0; round < START_WARMUP_ROUNDS + START_ROUNDS; round++) {
      const measured = round >= START_WARMUP_ROUNDS;
      const bare = await startBareNode();
      if (measured) floor.push(bare);
      for (let i = 0; i < variants.length; i++) {
        const variant = variants[(round + i) % variants.length] as StartVariant;
        const sample = await startServer(variant);
        if (measured) variant.samples.push(sample);
      }
    }
  } finally {
    rmSync(cacheRoot, { recursive: true, force: true });
    published.remove();
  }

  const listOf = (variant: StartVariant) => summarize(variant.samples.map((s) => s.listMs));
  result.tables.push(
    {
      title: `spawn → first tools/list answered (stdio, node ${NODE_FLAGS.join(' ')} <entry>.ts)`,
      unit: 'ms',
      rows: [
        { label: floorLabel, summary: summarize(floor) },
        ...variants.map((variant): ResultRow => ({
          label: variant.label,
          summary: listOf(variant),
          cpu: cpuOf(variant.samples),
          ...(variant.versus ? { versus: variant.versus } : {}),
          note: toolCount(variant.samples),
        })),
      ],
    },
    {
      title: 'spawn → initialize answered (same runs)',
      unit: 'ms',
      rows: variants.map((variant): ResultRow => ({
        label: variant.label,
        summary: summarize(variant.samples.map((s) => s.initializeMs)),
        ...(variant.versus ? { versus: variant.versus } : {}),
      })),
    },
  );

  const startCheck = (name: string, cachedVariant: StartVariant, offVariant: StartVariant): TargetCheck => {
    const on = listOf(cachedVariant);
    return {
      target: `Tracker cold start to first tools/list ≤ ${START_TARGET_MS} ms, ${name} (median, compile cache on as the bin starts)`,
      measured: `median ${on.median.toFixed(0)} ms, p95 ${on.p95.toFixed(0)} ms (compile cache off: ${listOf(offVariant).median.toFixed(0)} ms; plain SDK ${PLAIN_TOOL_COUNT} tools with cache: ${listOf(variants[1] as StartVariant).median.toFixed(0)} ms; node -e '': ${summarize(floor).median.toFixed(0)} ms)`,
      met: on.median <= START_TARGET_MS,
    };
  };
  const versusFloor = (name: string, variant: StartVariant, goal: number): TargetCheck => {
    const [ms, floorMs, bundledMs] = [variant, oneToolFloor, oneToolBundled].map((v) => listOf(v).median) as [
      number,
      number,
      number,
    ];
    const paired = pairedRatio(variant.samples, oneToolFloor.samples);
    return {
      target: `Tracker ${name} cold start ≤ ${goal}× a one-tool plain SDK v2 server (median of the per-round ratios, both with compile cache, same run)`,
      measured: `${paired.toFixed(2)}× (ratio of the medians ${(ms / floorMs).toFixed(2)}×: ${ms.toFixed(0)} ms vs ${floorMs.toFixed(0)} ms; against the floor bundled alike, ${bundledMs.toFixed(0)} ms: ${(ms / bundledMs).toFixed(2)}×)`,
      met: paired <= goal,
    };
  };
  result.targets.push(
    versusFloor('published bin, default toolsets,', bundleCached, 0.8),
    versusFloor('published bin, --toolsets all,', bundleAll, 0.9),
    startCheck('published bin (bundle), default toolsets', bundleCached, bundleOff),
    startCheck('from source, default toolsets', defaultCached, defaultOff),
    startCheck('from source, --toolsets all', allCached, allOff),
  );
  result.notes.push(
    'The floor of a server (F+cc, issue 12) is fixtures/one-tool-plain-server.mjs: one JavaScript file, one tool on the plain SDK v2 `McpServer`, the SDK and zod imported from node_modules, as a plain SDK server is written; it gets the same `--import` preload, compile cache and stdio client as the Tracker bin. F+b is the same file bundled by the same bundler as the Tracker bin: what a plain server would start in if it were shipped like the bin (informative; the targets are against F+cc).',
    `Cold start: ${START_ROUNDS} measured rounds after ${START_WARMUP_ROUNDS} warm-up rounds; each round starts the floor, then the ${variants.length} servers once each in a rotating order.`,
    "+cc rows run with NODE_COMPILE_CACHE set (own directory per variant, filled during the warm-up rounds): V8 reuses compiled code and the type-stripped sources between starts, as the bin's enableCompileCache() does (its default directory is shared by every run of the bin on the machine). Rows without +cc set NODE_DISABLE_COMPILE_CACHE=1: a first start.",
    `The Tracker bin runs as \`node ${NODE_FLAGS.join(' ')} apps/yandex-tracker/src/bin/yandex-tracker-mcp.ts\` (TypeScript source, as in development) and as the published bin, \`node ${published.binInPackage}\` (bundled by rolldown from the same sources by the app's bundle command, rebuilt at the start of this benchmark into a temporary copy of the package), both with \`--import fixtures/cpu-at-exit-preload.mjs\` for the cpu column (one tiny JavaScript module; the plain fixtures import its TypeScript twin); cpu is user + system CPU time of the server process from start to exit (it is closed right after tools/list).`,
  );
}

// ── 2. tools/list size ───────────────────────────────────────────────────────────────────────────

interface ListedTool {
  name: string;
}

/** The `tools/list` result as the server sent it (the raw JSON-RPC message, before the client parses it). */
async function rawToolsList(
  emulator: TrackerEmulator,
  toolsets: string[],
): Promise<{ tools: ListedTool[]; instructions: string | undefined }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...NODE_FLAGS, TRACKER_BIN, ...toolsets],
    env: childEnv(trackerEnv(emulator)),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'toolsmith-bench', version: '0.0.0' });
  try {
    await client.connect(transport);
    let raw: { tools: ListedTool[] } | undefined;
    const receive = transport.onmessage;
    transport.onmessage = (message: JSONRPCMessage) => {
      const answer = (message as { result?: { tools?: ListedTool[] } }).result;
      if (answer?.tools) raw = { tools: answer.tools };
      receive?.call(transport, message);
    };
    const { tools } = await client.listTools();
    if (!raw || raw.tools.length !== tools.length) throw new Error('the raw tools/list answer was not seen');
    return { tools: raw.tools, instructions: client.getInstructions() };
  } catch (error) {
    throw new Error(
      `Tracker ${toolsets.join(' ')} tools/list failed: ${(error as Error).message}\n${stderr}`,
      {
        cause: error,
      },
    );
  } finally {
    await client.close();
  }
}

const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

async function benchListSize(emulator: TrackerEmulator, result: BenchmarkResult): Promise<void> {
  const defaults = await rawToolsList(emulator, []);
  const full = await rawToolsList(emulator, ['--toolsets', 'all']);
  // What an agent pays on every turn: the JSON of each tools/list entry through o200k_base (the count
  // server.test.ts pins), not bytes ÷ 4.
  const d = definitionTokens(defaults.tools);
  const f = definitionTokens(full.tools);
  const dBytes = bytesOf({ tools: defaults.tools });
  const fBytes = bytesOf({ tools: full.tools });
  const heaviest = f.byName
    .slice(0, 8)
    .map(([name, tokens]) => `${name} ${tokens}`)
    .join(', ');
  const instructions = defaults.instructions ?? '';
  result.targets.push(
    {
      target: `Tracker: ≤ ${PER_TOOL_GOAL} tokens per tool (all ${full.tools.length} tools, o200k_base)`,
      measured: `${f.perTool.toFixed(1)} (${f.total.toLocaleString('en-US')} in total)`,
      met: f.perTool <= PER_TOOL_GOAL,
      budget: true,
    },
    {
      target: `Tracker: ≤ ${DEFAULT_GOAL.toLocaleString('en-US')} tokens for the default toolsets`,
      measured: `${d.total.toLocaleString('en-US')} (${defaults.tools.length} tools)`,
      met: d.total <= DEFAULT_GOAL,
      budget: true,
    },
    {
      target: `tools/list of the default toolsets ≤ ${kb(LIST_TARGET_BYTES)} (${LIST_TARGET_BYTES.toLocaleString('en-US')} bytes of JSON.stringify({ tools }))`,
      measured: `${dBytes.toLocaleString('en-US')} bytes, ${defaults.tools.length} tools (--toolsets all: ${fBytes.toLocaleString('en-US')} bytes, ${full.tools.length} tools)`,
      met: dBytes <= LIST_TARGET_BYTES,
    },
  );
  result.notes.push(
    `tools/list, --toolsets all: ${f.total.toLocaleString('en-US')} tokens for ${full.tools.length} tools, ${f.perTool.toFixed(1)} per tool; default toolsets: ${d.total.toLocaleString('en-US')} tokens for ${defaults.tools.length} tools (search_tools included, as served). Counted with js-tiktoken o200k_base over the JSON of each entry; bytes ÷ 4 would say ${Math.round(fBytes / 4).toLocaleString('en-US')} for all (${((fBytes / 4 / f.total) * 100).toFixed(0)}% of the real count).`,
    `Heaviest definitions (all toolsets): ${heaviest}.`,
    `The server's instructions (initialize) add ${countTokens(instructions)} tokens (${Buffer.byteLength(instructions).toLocaleString('en-US')} bytes), once per session.`,
  );
}

// ── 3. tools/call overhead ───────────────────────────────────────────────────────────────────────

interface CallPair {
  mcpLabel: string;
  directLabel: string;
  title: string;
  mcp: () => Promise<unknown>;
  direct: () => Promise<unknown>;
  /** The same tool's `run()` in this process: toolsmith's layers without the MCP transport. */
  inProcess: () => Promise<unknown>;
  /** The same request from a plain SDK server's tool over stdio (fixtures/plain-tracker-server.ts). */
  plain: () => Promise<unknown>;
  mcpSamples: number[];
  directSamples: number[];
  inProcessSamples: number[];
  plainSamples: number[];
}

/** The text of an MCP tool result; throws on an error result. */
function resultText(result: unknown, tool: string): string {
  const { content, isError } = result as {
    content?: Array<{ type: string; text?: string }>;
    isError?: boolean;
  };
  const text = (content ?? []).map((part) => part.text ?? '').join('');
  if (isError) throw new Error(`${tool} answered an error: ${text}`);
  return text;
}

async function benchCalls(emulator: TrackerEmulator, result: BenchmarkResult): Promise<void> {
  const cacheDir = mkdtempSync(join(tmpdir(), 'toolsmith-bench-tracker-call-cc-'));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...NODE_FLAGS, TRACKER_BIN],
    env: childEnv({ ...trackerEnv(emulator), NODE_COMPILE_CACHE: cacheDir }),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-8192);
  });
  const client = new Client({ name: 'toolsmith-bench', version: '0.0.0' });
  const plainClient = new Client({ name: 'toolsmith-bench', version: '0.0.0' });
  try {
    await client.connect(transport);
    await client.listTools();
    await plainClient.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [...NODE_FLAGS, PLAIN_TRACKER_SERVER],
        env: childEnv({ ...trackerEnv(emulator), NODE_COMPILE_CACHE: cacheDir }),
        stderr: 'ignore',
      }),
    );

    const headers = { Authorization: `OAuth ${emulator.token}`, 'X-Org-ID': emulator.orgId };
    const getArgs = { issueIds: [ISSUE] };
    const findArgs = { queueId: QUEUE, perPage: PER_PAGE };
    const directGet = async () => {
      const response = await fetch(`${emulator.url}/v3/issues/${ISSUE}`, { headers });
      if (!response.ok) throw new Error(`GET /v3/issues/${ISSUE} answered ${response.status}`);
      return (await response.json()) as { key?: string };
    };
    const directFind = async () => {
      const response = await fetch(`${emulator.url}/v3/issues/_search?perPage=${PER_PAGE}&page=1`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ queue: QUEUE }),
      });
      if (!response.ok) throw new Error(`POST /v3/issues/_search answered ${response.status}`);
      return (await response.json()) as unknown[];
    };
    const callGet = async () =>
      resultText(
        await client.callTool({ name: 'tracker_get_issues', arguments: getArgs }),
        'tracker_get_issues',
      );
    const callFind = async () =>
      resultText(
        await client.callTool({ name: 'tracker_find_issues', arguments: findArgs }),
        'tracker_find_issues',
      );

    // The same tools in this process, against the same emulator: validation, the HTTP client, the
    // compact view and the output budget, without JSON-RPC over stdio.
    const deps = createDeps(loadConfig(trackerEnv(emulator)));
    const registry = createRegistry();
    const runTool = async (name: string, args: Record<string, unknown>) => {
      const output = await registry.get(name)!.run(args, {
        deps,
        logger: silentLogger,
        signal: new AbortController().signal,
        progress: noProgress,
      } as never);
      if ((output as { isError?: boolean }).isError) throw new Error(`${name} failed in process`);
      return output;
    };

    // Both paths must fetch the same data before they are compared.
    const gotMcp = JSON.parse(await callGet()) as { successful?: Array<{ key?: string }> };
    const gotDirect = await directGet();
    if (gotMcp.successful?.[0]?.key !== ISSUE || gotDirect.key !== ISSUE)
      throw new Error(`tracker_get_issues or GET /v3/issues/${ISSUE} did not return ${ISSUE}`);
    const foundMcp = JSON.parse(await callFind()) as { items?: unknown[] };
    const foundDirect = await directFind();
    if (foundMcp.items?.length !== foundDirect.length || foundDirect.length === 0)
      throw new Error(
        `tracker_find_issues returned ${foundMcp.items?.length} issues, the direct search ${foundDirect.length}`,
      );
    const sizes = {
      getMcp: Buffer.byteLength(await callGet()),
      getApi: bytesOf(gotDirect),
      findMcp: Buffer.byteLength(await callFind()),
      findApi: bytesOf(foundDirect),
    };

    const pairs: CallPair[] = [
      {
        title: `tracker_get_issues {issueIds:['${ISSUE}']} over MCP stdio vs GET /v3/issues/${ISSUE} with fetch, ms per call`,
        mcpLabel: 'MCP tools/call tracker_get_issues',
        directLabel: `direct GET /v3/issues/${ISSUE} (baseline)`,
        mcp: callGet,
        direct: directGet,
        inProcess: () => runTool('tracker_get_issues', getArgs),
        plain: async () =>
          resultText(
            await plainClient.callTool({ name: 'get_issue', arguments: { issueId: ISSUE } }),
            'get_issue',
          ),
        mcpSamples: [],
        directSamples: [],
        inProcessSamples: [],
        plainSamples: [],
      },
      {
        title: `tracker_find_issues {queueId:'${QUEUE}', perPage:${PER_PAGE}} over MCP stdio vs POST /v3/issues/_search with fetch, ms per call`,
        mcpLabel: 'MCP tools/call tracker_find_issues',
        directLabel: `direct POST /v3/issues/_search?perPage=${PER_PAGE}&page=1 (baseline)`,
        mcp: callFind,
        direct: directFind,
        inProcess: () => runTool('tracker_find_issues', findArgs),
        plain: async () =>
          resultText(
            await plainClient.callTool({
              name: 'find_issues',
              arguments: { queue: QUEUE, perPage: PER_PAGE },
            }),
            'find_issues',
          ),
        mcpSamples: [],
        directSamples: [],
        inProcessSamples: [],
        plainSamples: [],
      },
    ];
    // Every round runs the four calls once, in a rotating order: drift hits every row alike.
    const runners = pairs.flatMap((pair) => [
      { run: pair.mcp, samples: pair.mcpSamples },
      { run: pair.direct, samples: pair.directSamples },
      { run: pair.inProcess, samples: pair.inProcessSamples },
      { run: pair.plain, samples: pair.plainSamples },
    ]);
    let serverCpuBefore: number | undefined;
    for (let round = 0; round < CALL_WARMUP_ROUNDS + CALL_ROUNDS; round++) {
      const measured = round >= CALL_WARMUP_ROUNDS;
      if (round === CALL_WARMUP_ROUNDS) serverCpuBefore = processesCpuMs([transport.pid]);
      for (let i = 0; i < runners.length; i++) {
        const runner = runners[(round + i) % runners.length] as (typeof runners)[number];
        const start = process.hrtime.bigint();
        await runner.run();
        const ms = elapsedMs(start);
        if (measured) runner.samples.push(ms);
      }
    }
    const serverCpuAfter = processesCpuMs([transport.pid]);

    for (const pair of pairs) {
      result.tables.push({
        title: pair.title,
        unit: 'ms',
        rows: [
          { label: pair.directLabel, summary: summarize(pair.directSamples) },
          {
            label: pair.mcpLabel.replace('MCP tools/call', 'in-process tool.run()'),
            summary: summarize(pair.inProcessSamples),
            versus: pair.directLabel,
          },
          {
            label: pair.mcpLabel.replace(
              'MCP tools/call tracker_',
              'plain SDK server over stdio, same request: ',
            ),
            summary: summarize(pair.plainSamples),
            versus: pair.directLabel,
          },
          { label: pair.mcpLabel, summary: summarize(pair.mcpSamples), versus: pair.directLabel },
        ],
      });
      const call: Summary = summarize(pair.mcpSamples);
      const direct: Summary = summarize(pair.directSamples);
      const limit = CALL_TARGET_RATIO * direct.median + CALL_TARGET_SLACK_MS;
      result.targets.push({
        target: `${pair.mcpLabel.replace('MCP tools/call ', '')} over MCP ≤ ${CALL_TARGET_RATIO}× direct HTTP + ${CALL_TARGET_SLACK_MS} ms (median)`,
        measured: `median ${fixed(call.median)} ms vs direct ${fixed(direct.median)} ms: ${fixed(call.median / direct.median)}×, +${fixed(call.median - direct.median)} ms (limit ${fixed(limit)} ms); p95 ${fixed(call.p95)} vs ${fixed(direct.p95)} ms, +${fixed(call.p95 - direct.p95)} ms`,
        met: call.median <= limit,
      });
    }

    const serverCpu =
      serverCpuBefore !== undefined && serverCpuAfter !== undefined
        ? ` The server process used ${fixed((serverCpuAfter - serverCpuBefore) / (CALL_ROUNDS * pairs.length))} ms of CPU per MCP call while measured (/proc, 10 ms ticks over ${CALL_ROUNDS * pairs.length} calls).`
        : '';
    result.notes.push(
      `tools/call: one server (default toolsets, warm) and ${CALL_ROUNDS} measured rounds after ${CALL_WARMUP_ROUNDS} warm-up rounds; each round runs the two MCP calls and the two direct requests once, in a rotating order. Direct requests: fetch from the bench process with the same headers (Authorization: OAuth …, X-Org-ID), body parsed with response.json().`,
      `The emulator runs in the bench process, so both paths pay for its handling of the request; the difference is the MCP path: JSON-RPC over stdio both ways, argument validation, the server's HTTP client (auth headers, timeout, retry and concurrency wrappers), the compact view of the answer and its serialisation.${serverCpu}`,
      `Answer sizes: tracker_get_issues text ${sizes.getMcp.toLocaleString('en-US')} bytes vs the API's issue JSON ${sizes.getApi.toLocaleString('en-US')} bytes; tracker_find_issues text ${sizes.findMcp.toLocaleString('en-US')} bytes (${foundDirect.length} issues) vs the API's ${sizes.findApi.toLocaleString('en-US')} bytes.`,
    );
  } catch (error) {
    throw new Error(`${(error as Error).message}\nserver stderr (tail):\n${stderr}`, { cause: error });
  } finally {
    await client.close();
    await plainClient.close();
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

export async function runYandexTracker(): Promise<BenchmarkResult> {
  const result: BenchmarkResult = { name: 'yandex-tracker', tables: [], targets: [], notes: [] };
  const machine: string[] = [];
  const emulator = await createTrackerEmulator();
  try {
    await watched('cold start', () => benchColdStart(emulator, result), machine);
    await benchListSize(emulator, result);
    await watched('tools/call', () => benchCalls(emulator, result), machine);
  } finally {
    await emulator.close();
  }
  result.notes.push(
    ...machine,
    'Wall-clock figures grow with other load on the machine (see the load average above and in the header); the cpu column and the ratios to same-run baselines are the steadier figures.',
  );
  return result;
}

/** Only the tools/list size and tokens (no cold start, no calls): the budget check, in seconds. */
export async function runYandexTrackerContext(): Promise<BenchmarkResult> {
  const result: BenchmarkResult = { name: 'yandex-tracker-context', tables: [], targets: [], notes: [] };
  const emulator = await createTrackerEmulator();
  try {
    await benchListSize(emulator, result);
  } finally {
    await emulator.close();
  }
  return result;
}
