/**
 * The ClickUp MCP server's cold start (`apps/clickup`): spawn → first `tools/list` answered, over stdio
 * with the SDK client, from the published bin (the bundle, rebuilt first with the app's own `bundle`
 * command) with the default toolsets and with `--toolsets all`, against the floor of a server measured
 * in the same run: a one-tool plain SDK v2 server with the compile cache on (issue 12's floor, as the
 * Yandex Tracker benchmark uses it). Goal (issue 13): ≤ 0.9× that floor.
 *
 * The server starts against an API that counts what it is sent (a local HTTP listener) and with a
 * webhook store directory that does not exist: its start-up must send no request and create no store
 * (the knowledge sandbox, PGlite and the API are for the first call that needs them).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer } from '@toolsmith/bundle';
import { bundlePublishedBin } from './fixtures/published-bin.ts';
import { watched } from './machine-load.ts';
import type { BenchmarkResult, ResultRow, TargetCheck } from './report.ts';
import { sized } from './smoke.ts';
import { summarize } from './stats.ts';
import {
  childEnv,
  cpuOf,
  pairedRatio,
  startBareNode,
  startServer,
  toolCount,
  type StartVariant,
} from './stdio-start.ts';

const WARMUP_ROUNDS = sized(2, 0);
const ROUNDS = sized(30, 1);
const FLOOR_GOAL = 0.9;

const APP_ROOT = dirname(fileURLToPath(import.meta.resolve('@toolsmith/clickup-mcp/package.json')));
const SOURCE_BIN = join(APP_ROOT, 'src', 'bin', 'clickup-mcp.ts');
const ONE_TOOL_SERVER = fileURLToPath(new URL('./fixtures/one-tool-plain-server.mjs', import.meta.url));
const CPU_PRELOAD = new URL('./fixtures/cpu-at-exit-preload.mjs', import.meta.url).href;

/** An HTTP listener that counts the requests it gets and answers each with 503. */
async function countingApi(): Promise<{ url: string; requests: () => number; close: () => Promise<void> }> {
  let requests = 0;
  const server: Server = createServer((_request, response) => {
    requests++;
    response.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/v2`,
    requests: () => requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function benchColdStart(result: BenchmarkResult): Promise<void> {
  // Rebuilt from the current sources with the app's bundle command, into a temporary copy of the package.
  const published = await bundlePublishedBin(APP_ROOT);
  const bin = published.bin;
  const work = mkdtempSync(join(tmpdir(), 'toolsmith-bench-clickup-'));
  const api = await countingApi();
  // Must still not exist after every start: the webhook store is opened on first use only.
  const webhookStore = join(work, 'webhook-store');
  const clickUpEnv = {
    CLICKUP_API_TOKEN: 'x',
    CLICKUP_TEAM_ID: '1',
    CLICKUP_API_BASE: api.url,
    CLICKUP_WEBHOOK_STORE: webhookStore,
  };
  const env = (extra: Record<string, string>) => childEnv(extra, ['CLICKUP_', 'DATABASE_URL']);
  const off = { NODE_DISABLE_COMPILE_CACHE: '1' };
  const cached = (name: string) => ({ NODE_COMPILE_CACHE: join(work, 'cc', name) });
  const preload = ['--import', CPU_PRELOAD];
  const all = ['--toolsets', 'all'];
  const oneToolBundle = await bundleServer({ entry: ONE_TOOL_SERVER, outDir: join(work, 'one-tool') });

  const floorLabel = "node -e '' (floor: spawn → exit)";
  const oneToolLabel =
    'F+cc plain SDK v2 McpServer, 1 tool, one .mjs file, compile cache on (floor of a server)';
  const variants: StartVariant[] = [
    { label: oneToolLabel, args: [...preload, ONE_TOOL_SERVER], env: env(cached('one-tool')), samples: [] },
    {
      label: 'F+b  the same floor bundled alike (rolldown), compile cache on (informative)',
      args: [...preload, oneToolBundle.entryFile],
      env: env(cached('one-tool-bundle')),
      versus: oneToolLabel,
      samples: [],
    },
    {
      label: 'P    published bin (bundle), default toolsets, compile cache off',
      args: [...preload, bin],
      env: env({ ...clickUpEnv, ...off }),
      versus: oneToolLabel,
      samples: [],
    },
    {
      label: 'P+cc published bin (bundle), default toolsets, compile cache on',
      args: [...preload, bin],
      env: env({ ...clickUpEnv, ...cached('bundle') }),
      versus: oneToolLabel,
      samples: [],
    },
    {
      label: 'PA+cc published bin (bundle), --toolsets all, compile cache on',
      args: [...preload, bin, ...all],
      env: env({ ...clickUpEnv, ...cached('bundle-all') }),
      versus: oneToolLabel,
      samples: [],
    },
    {
      label: 'S+cc from source (--conditions=@toolsmith/source), default toolsets, compile cache on',
      args: ['--conditions=@toolsmith/source', ...preload, SOURCE_BIN],
      env: env({ ...clickUpEnv, ...cached('source') }),
      versus: oneToolLabel,
      samples: [],
    },
  ];
  const [oneTool, oneToolBundled, , bundleDefault, bundleAll] = variants as [
    StartVariant,
    StartVariant,
    StartVariant,
    StartVariant,
    StartVariant,
  ];

  const floor: number[] = [];
  try {
    // Interleaved rounds in a rotating order, so drift (other load on the machine) hits every variant
    // alike; the warm-up rounds fill the file-system and compile caches.
    for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
      const measured = round >= WARMUP_ROUNDS;
      const bare = await startBareNode();
      if (measured) floor.push(bare);
      for (let i = 0; i < variants.length; i++) {
        const variant = variants[(round + i) % variants.length] as StartVariant;
        const sample = await startServer(variant);
        if (measured) variant.samples.push(sample);
      }
    }
  } finally {
    await api.close();
  }
  const storeCreated = existsSync(webhookStore);
  rmSync(work, { recursive: true, force: true });
  published.remove();

  const listOf = (variant: StartVariant) => summarize(variant.samples.map((s) => s.listMs));
  result.tables.push(
    {
      title: 'spawn → first tools/list answered (stdio, node <entry>)',
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

  const versusFloor = (name: string, variant: StartVariant): TargetCheck => {
    const [ms, floorMs, bundledMs] = [variant, oneTool, oneToolBundled].map((v) => listOf(v).median) as [
      number,
      number,
      number,
    ];
    const [cpu, floorCpu] = [cpuOf(variant.samples)?.median, cpuOf(oneTool.samples)?.median];
    const cpuRatio = cpu !== undefined && floorCpu ? `; CPU ${(cpu / floorCpu).toFixed(2)}×` : '';
    const paired = pairedRatio(variant.samples, oneTool.samples);
    return {
      target: `ClickUp ${name} cold start ≤ ${FLOOR_GOAL}× a one-tool plain SDK v2 server (median of the per-round ratios, both with compile cache, same run)`,
      measured: `${paired.toFixed(2)}× (ratio of the medians ${(ms / floorMs).toFixed(2)}×: ${ms.toFixed(0)} ms vs ${floorMs.toFixed(0)} ms${cpuRatio}; against the floor bundled alike, ${bundledMs.toFixed(0)} ms: ${(ms / bundledMs).toFixed(2)}×)`,
      met: paired <= FLOOR_GOAL,
    };
  };
  const starts = variants.slice(2).reduce((n, v) => n + v.samples.length, 0) + WARMUP_ROUNDS * 4;
  result.targets.push(
    versusFloor('published bin, default toolsets,', bundleDefault),
    versusFloor('published bin, --toolsets all,', bundleAll),
    {
      target:
        'ClickUp start-up sends no API request and creates no webhook store (counted, over every start)',
      measured: `${api.requests()} requests, webhook store ${storeCreated ? 'created' : 'not created'} in ${starts} starts`,
      met: api.requests() === 0 && !storeCreated,
      budget: true,
    },
  );
  result.notes.push(
    `Cold start: ${ROUNDS} measured rounds after ${WARMUP_ROUNDS} warm-up rounds; each round starts node -e '', then the ${variants.length} servers once each in a rotating order. The floor (F+cc) is fixtures/one-tool-plain-server.mjs, as in the Yandex Tracker benchmark; F+b is it bundled by the same bundler as the bin (informative).`,
    `The published bin is ${published.binInPackage} rebuilt at the start of this benchmark by the app's bundle command (with the tool definitions recorded at bundle time), into a temporary copy of the package (its knowledge/ and node_modules linked). The servers run with CLICKUP_API_TOKEN=x, CLICKUP_TEAM_ID=1, CLICKUP_API_BASE at a local listener that counts requests, and CLICKUP_WEBHOOK_STORE naming a directory that must not appear.`,
    "+cc rows run with NODE_COMPILE_CACHE set (own directory per variant, filled during the warm-up rounds), as the bin's enableCompileCache() does; P sets NODE_DISABLE_COMPILE_CACHE=1 (a first start). Every server gets `--import fixtures/cpu-at-exit-preload.mjs`; cpu is user + system CPU time of the server process from start to exit (closed right after tools/list).",
  );
}

export async function runClickUpColdStart(): Promise<BenchmarkResult> {
  const result: BenchmarkResult = { name: 'clickup-cold-start', tables: [], targets: [], notes: [] };
  const machine: string[] = [];
  await watched('cold start', () => benchColdStart(result), machine);
  result.notes.push(
    ...machine,
    'Wall-clock figures grow with other load on the machine (see the load average above and in the header); the cpu column and the ratios to same-run baselines are the steadier figures.',
  );
  return result;
}
