/**
 * What the guarded path of the toolsmith servers costs per call (issue 21 §7), side by side in one run
 * against the same HTTP emulators (run in the bench process):
 *
 * - **ClickUp write**: `clickup_update_task` (name, priority and status of a seed task given by its
 *   plain id; the values are already what the API takes, so nothing is converted) — the knowledge
 *   pack's validation in the sandbox, with the call context (list, members, user) cached;
 * - **ClickUp read**: `clickup_get_task` of the same task;
 * - **Tracker read**: `tracker_get_issues` for one key.
 *
 * Each against a plain MCP SDK v2 server (`McpServer.registerTool`, fixtures/plain-guarded-servers.ts)
 * whose tool sends the same request with `fetch` and answers with a compact JSON of the same fields, and
 * against that request sent directly with `fetch` from the bench process (the floor). Both servers are
 * reached by the SDK `Client` over `InMemoryTransport.createLinkedPair()`, and built with the public
 * factories only (`createServer` of @toolsmith/clickup-mcp; `createMcpServer` over the Tracker's
 * `createRegistry` and `createDeps`, as its bin does), so the bench keeps working while their insides
 * change.
 *
 * Every call is made once before measuring (the sandbox starts, the reference caches fill), then warm-up
 * rounds; each measured round makes the nine calls once, in a rotating order, so drift hits every row
 * alike. The goals: the guarded write adds ≤ 0.5 ms p50 over the plain SDK server, a read ≤ 0.2 ms.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { Transport } from '@modelcontextprotocol/server';
import { createClickUpEmulator } from '@toolsmith/clickup-emulator';
import * as clickupMcp from '@toolsmith/clickup-mcp';
import { createStreamLogger } from '@toolsmith/core';
import { createMcpServer } from '@toolsmith/core/mcp';
import { createTrackerEmulator } from '@toolsmith/yandex-tracker-emulator';
import * as trackerMcp from '@toolsmith/yandex-tracker-mcp';
import { createPlainClickUpServer, createPlainTrackerServer } from './fixtures/plain-guarded-servers.ts';
import { processesCpuMs, watched } from './machine-load.ts';
import type { BenchmarkResult, ResultTable, TargetCheck } from './report.ts';
import { sized } from './smoke.ts';
import { cpuUsSince, elapsedMs, summarize, type Summary } from './stats.ts';

const WARMUP_ROUNDS = sized(100, 2);
const BLOCKS = sized(5, 1);
const ROUNDS_PER_BLOCK = Number(process.env['BENCH_GUARDED_ROUNDS'] ?? sized(250, 5));
const WRITE_GOAL_MS = 0.5;
const READ_GOAL_MS = 0.2;
/** Seed task (ClickUp emulator) and issue (Tracker emulator). */
const SEED_TASK = 'DEV-1';
const SEED_ISSUE = 'DEMO-1';

type Kind = 'direct' | 'plain' | 'toolsmith';
const KINDS: readonly Kind[] = ['direct', 'plain', 'toolsmith'];

interface Target {
  kind: Kind;
  label: string;
  /** One call; answers the text (an MCP tool's text, the API's JSON for direct) and throws on failure. */
  call: () => Promise<string>;
  wall: number[];
  cpu: number[];
  /** Per measured block: wall-clock samples, for the block medians. */
  blocks: number[][];
}

interface Group {
  id: 'write' | 'clickup-read' | 'tracker-read';
  title: string;
  goalMs: number;
  goalName: string;
  targets: Record<Kind, Target>;
  /** Answer sizes in bytes, by kind (measured before the run). */
  bytes?: Record<Kind, number>;
  /** Requests the emulator received for one warm call, by kind. */
  requests?: Record<Kind, string[]>;
}

/** The text of an MCP tool result; throws on an error result. */
function resultText(result: unknown, tool: string): string {
  const { content, isError } = result as { content?: { type: string; text?: string }[]; isError?: boolean };
  const text = (content ?? []).map((part) => part.text ?? '').join('\n');
  if (isError || text === '') throw new Error(`${tool} answered an error: ${text}`);
  return text;
}

/** An SDK client connected to `server` over an in-memory linked pair. */
async function connect(server: { connect(transport: Transport): Promise<void> }): Promise<Client> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = new Client({ name: 'toolsmith-bench', version: '0.0.0' });
  await client.connect(clientTransport);
  return client;
}

async function okJson(response: Response, what: string): Promise<string> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${text}`);
  JSON.parse(text); // what a caller does with the answer
  return text;
}

/** Child processes of this process (the knowledge sandbox's host), from /proc (Linux). */
function childPids(): number[] {
  if (process.platform !== 'linux') return [];
  try {
    return readdirSync('/proc/self/task').flatMap((tid) =>
      readFileSync(`/proc/self/task/${tid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

const ms = (value: number) => value.toFixed(2);
const signed = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(2)}`;

export async function runGuardedCalls(): Promise<BenchmarkResult> {
  const result: BenchmarkResult = { name: 'guarded-calls', tables: [], targets: [], notes: [] };
  const machine: string[] = [];
  const clickup = await createClickUpEmulator({ rateLimitPerMinute: Number.MAX_SAFE_INTEGER });
  const tracker = await createTrackerEmulator();
  // What runServeCli gives a server: a stream logger at level info (nothing is written on success).
  let logged = 0;
  const logger = createStreamLogger({ level: 'info', write: () => void logged++ });
  const clickupDeps = clickupMcp.createDeps(
    clickupMcp.loadConfig({ CLICKUP_API_TOKEN: clickup.token, CLICKUP_API_BASE: clickup.url }),
    logger,
  );
  const trackerDeps = trackerMcp.createDeps(
    trackerMcp.loadConfig({
      YANDEX_TRACKER_API_BASE: tracker.url,
      YANDEX_TRACKER_TOKEN: tracker.token,
      YANDEX_ORG_ID: tracker.orgId,
    }),
    { logger },
  );
  const clients: Client[] = [];
  try {
    const toolsmithClickUp = await connect(clickupMcp.createServer(clickupDeps, { logger }));
    const toolsmithTracker = await connect(
      createMcpServer({
        name: trackerMcp.SERVER_NAME,
        version: trackerMcp.SERVER_VERSION,
        instructions: trackerMcp.SERVER_INSTRUCTIONS,
        registry: trackerMcp.createRegistry(),
        deps: trackerDeps,
        logger,
      }),
    );
    const plainClickUp = await connect(
      createPlainClickUpServer({ apiBase: clickup.url, token: clickup.token }),
    );
    const plainTracker = await connect(
      createPlainTrackerServer({ apiBase: tracker.url, token: tracker.token, orgId: tracker.orgId }),
    );
    clients.push(toolsmithClickUp, toolsmithTracker, plainClickUp, plainTracker);

    // The seed task by its plain id, and values that are already exact (no conversion on any path).
    const clickupHeaders = { authorization: clickup.token, accept: 'application/json' };
    const seed = JSON.parse(
      await okJson(
        await fetch(`${clickup.url}/task/${SEED_TASK}?custom_task_ids=true&team_id=${clickup.teamId}`, {
          headers: clickupHeaders,
        }),
        `GET /task/${SEED_TASK}`,
      ),
    ) as { id: string; status: { status: string }; priority: { id: string } };
    const taskId = seed.id;
    const change = {
      name: 'Set up CI pipeline (bench)',
      status: seed.status.status,
      priority: Number(seed.priority.id),
    };
    const taskUrl = `${clickup.url}/task/${taskId}`;
    const trackerHeaders = {
      authorization: `OAuth ${tracker.token}`,
      'x-org-id': tracker.orgId,
      accept: 'application/json',
    };

    const target = (kind: Kind, label: string, call: () => Promise<string>): Target => ({
      kind,
      label,
      call,
      wall: [],
      cpu: [],
      blocks: [],
    });
    const groups: Group[] = [
      {
        id: 'write',
        title: `ClickUp write: update name, status, priority of ${SEED_TASK} by plain id (ms per call)`,
        goalMs: WRITE_GOAL_MS,
        goalName: 'ClickUp write (clickup_update_task)',
        targets: {
          direct: target('direct', `direct fetch PUT /task/{id} (floor)`, async () =>
            okJson(
              await fetch(taskUrl, {
                method: 'PUT',
                headers: { ...clickupHeaders, 'content-type': 'application/json' },
                body: JSON.stringify(change),
              }),
              'PUT /task/{id}',
            ),
          ),
          plain: target('plain', 'plain SDK McpServer update_task (baseline)', async () =>
            resultText(
              await plainClickUp.callTool({ name: 'update_task', arguments: { task_id: taskId, ...change } }),
              'update_task',
            ),
          ),
          toolsmith: target('toolsmith', 'toolsmith clickup_update_task (guarded)', async () =>
            resultText(
              await toolsmithClickUp.callTool({
                name: 'clickup_update_task',
                arguments: { task_id: taskId, ...change },
              }),
              'clickup_update_task',
            ),
          ),
        },
      },
      {
        id: 'clickup-read',
        title: `ClickUp read: get ${SEED_TASK} by plain id (ms per call)`,
        goalMs: READ_GOAL_MS,
        goalName: 'ClickUp read (clickup_get_task)',
        targets: {
          direct: target('direct', 'direct fetch GET /task/{id} (floor)', async () =>
            okJson(await fetch(taskUrl, { headers: clickupHeaders }), 'GET /task/{id}'),
          ),
          plain: target('plain', 'plain SDK McpServer get_task (baseline)', async () =>
            resultText(
              await plainClickUp.callTool({ name: 'get_task', arguments: { task_id: taskId } }),
              'get_task',
            ),
          ),
          toolsmith: target('toolsmith', 'toolsmith clickup_get_task', async () =>
            resultText(
              await toolsmithClickUp.callTool({ name: 'clickup_get_task', arguments: { task_id: taskId } }),
              'clickup_get_task',
            ),
          ),
        },
      },
      {
        id: 'tracker-read',
        title: `Tracker read: get ${SEED_ISSUE} (ms per call)`,
        goalMs: READ_GOAL_MS,
        goalName: 'Tracker read (tracker_get_issues, one key)',
        targets: {
          direct: target('direct', `direct fetch GET /v3/issues/${SEED_ISSUE} (floor)`, async () =>
            okJson(
              await fetch(`${tracker.url}/v3/issues/${SEED_ISSUE}`, { headers: trackerHeaders }),
              'GET /v3/issues',
            ),
          ),
          plain: target('plain', 'plain SDK McpServer get_issue (baseline)', async () =>
            resultText(
              await plainTracker.callTool({ name: 'get_issue', arguments: { issueId: SEED_ISSUE } }),
              'get_issue',
            ),
          ),
          toolsmith: target('toolsmith', 'toolsmith tracker_get_issues', async () =>
            resultText(
              await toolsmithTracker.callTool({
                name: 'tracker_get_issues',
                arguments: { issueIds: [SEED_ISSUE] },
              }),
              'tracker_get_issues',
            ),
          ),
        },
      },
    ];

    // Every call once (starts the sandbox, fills the reference caches), checking what each answers.
    for (const group of groups) for (const kind of KINDS) await group.targets[kind].call();
    const written = JSON.parse((await groups[0]!.targets.toolsmith.call()).split('\n').at(-1) ?? '{}') as {
      name?: string;
      status?: string;
    };
    if (written.name !== change.name || written.status !== change.status)
      throw new Error(`clickup_update_task did not answer the task as written: ${JSON.stringify(written)}`);

    const runners = groups.flatMap((group) => KINDS.map((kind) => group.targets[kind]));
    for (let round = 0; round < WARMUP_ROUNDS; round++) for (const runner of runners) await runner.call();

    // Warm: what each call sends to the emulators, and how big its answer is.
    const seen = (emulator: { requests: readonly { method: string; path: string }[] }) => {
      const before = emulator.requests.length;
      return () =>
        emulator.requests.slice(before).map((r) => `${r.method} ${r.path.replace(taskId, '{id}')}`);
    };
    for (const group of groups) {
      group.bytes = { direct: 0, plain: 0, toolsmith: 0 };
      group.requests = { direct: [], plain: [], toolsmith: [] };
      for (const kind of KINDS) {
        const [sentToClickUp, sentToTracker] = [seen(clickup), seen(tracker)];
        group.bytes[kind] = Buffer.byteLength(await group.targets[kind].call());
        group.requests[kind] = [...sentToClickUp(), ...sentToTracker()];
      }
    }

    const children = childPids();
    const childCpuBefore = processesCpuMs(children);
    await watched(
      'measured rounds',
      async () => {
        let round = 0;
        for (let block = 0; block < BLOCKS; block++) {
          for (const runner of runners) runner.blocks.push([]);
          for (let i = 0; i < ROUNDS_PER_BLOCK; i++, round++) {
            for (let j = 0; j < runners.length; j++) {
              const runner = runners[(round + j) % runners.length]!;
              const cpuStart = process.cpuUsage();
              const start = process.hrtime.bigint();
              await runner.call();
              const wall = elapsedMs(start);
              runner.cpu.push(cpuUsSince(cpuStart) / 1000);
              runner.wall.push(wall);
              runner.blocks.at(-1)!.push(wall);
            }
          }
        }
      },
      machine,
    );
    const childCpuAfter = processesCpuMs(children);
    // Only the guarded write reaches the knowledge sandbox's host process: its CPU per guarded write.
    const writes = groups[0]!.targets.toolsmith.wall.length;
    const hostCpuPerWrite =
      childCpuBefore !== undefined && childCpuAfter !== undefined && children.length > 0
        ? (childCpuAfter - childCpuBefore) / writes
        : undefined;

    for (const group of groups) {
      const { direct, plain, toolsmith } = group.targets;
      result.tables.push({
        title: group.title,
        unit: 'ms',
        rows: [
          { label: direct.label, summary: summarize(direct.wall), cpu: summarize(direct.cpu) },
          {
            label: plain.label,
            summary: summarize(plain.wall),
            cpu: summarize(plain.cpu),
            versus: direct.label,
          },
          {
            label: toolsmith.label,
            summary: summarize(toolsmith.wall),
            cpu: summarize(toolsmith.cpu),
            versus: plain.label,
          },
        ],
      } satisfies ResultTable);
    }

    // The overheads: differences of the medians (all blocks), and per block.
    const p50 = (t: Target): Summary => summarize(t.wall);
    const blockMedians = (t: Target) => t.blocks.map((samples) => summarize(samples).median);
    const overheadRows: ResultTable['rows'] = [];
    for (const group of groups) {
      const { direct, plain, toolsmith } = group.targets;
      const [d, p, t] = [p50(direct), p50(plain), p50(toolsmith)];
      const toolsmithOverPlain = t.median - p.median;
      const perBlock = blockMedians(toolsmith).map((m, i) => m - blockMedians(plain)[i]!);
      const plainPerBlock = blockMedians(plain).map((m, i) => m - blockMedians(direct)[i]!);
      const cpuOver = summarize(toolsmith.cpu).median - summarize(plain.cpu).median;
      overheadRows.push(
        {
          label: `${group.goalName}: toolsmith − plain, per block`,
          summary: summarize(perBlock),
        },
        { label: `${group.goalName}: plain − direct, per block`, summary: summarize(plainPerBlock) },
      );
      const check: TargetCheck = {
        target: `${group.goalName}: toolsmith adds ≤ ${group.goalMs} ms p50 over the plain SDK server (same emulator, in-memory transport)`,
        measured: `${signed(toolsmithOverPlain)} ms (toolsmith p50 ${ms(t.median)} / p95 ${ms(t.p95)} ms; plain ${ms(p.median)} / ${ms(p.p95)} ms; direct ${ms(d.median)} / ${ms(d.p95)} ms; plain − direct ${signed(p.median - d.median)} ms; per block ${perBlock.map(signed).join(', ')}; CPU ${signed(cpuOver)} ms in this process${group.id === 'write' && hostCpuPerWrite !== undefined ? ` + ${ms(hostCpuPerWrite)} ms in the sandbox host` : ''})`,
        met: toolsmithOverPlain <= group.goalMs,
      };
      result.targets.push(check);
    }
    result.tables.push({
      title: `Overheads, ms: difference of the medians of each of the ${BLOCKS} blocks (${ROUNDS_PER_BLOCK} rounds each)`,
      unit: 'ms',
      rows: overheadRows,
    });

    result.notes.push(
      `${BLOCKS} blocks × ${ROUNDS_PER_BLOCK} measured rounds after ${WARMUP_ROUNDS} warm-up rounds and one call of each target; each round makes the nine calls once, in a rotating order. Transport: the SDK Client over InMemoryTransport.createLinkedPair() for both servers; the emulators run in this process (HTTP over 127.0.0.1), so every path pays for their handling alike. The cpu column is this process's CPU time per call (process.cpuUsage: client, server, emulator).`,
      ...groups.map(
        (group) =>
          `${group.goalName}: answer bytes direct ${group.bytes!.direct} / plain ${group.bytes!.plain} / toolsmith ${group.bytes!.toolsmith}; requests per warm call — direct: ${group.requests!.direct.join(', ')}; plain: ${group.requests!.plain.join(', ')}; toolsmith: ${group.requests!.toolsmith.join(', ') || 'none'}.`,
      ),
      hostCpuPerWrite === undefined
        ? 'No child process (the knowledge sandbox host) was found to measure.'
        : `The knowledge sandbox's host process (${children.length} child process${children.length > 1 ? 'es' : ''}) used ${ms(hostCpuPerWrite)} ms of CPU per guarded write while measured (/proc, 10 ms ticks over ${writes} writes; only the guarded write reaches it); that CPU is not in the cpu column.`,
      `The toolsmith servers' logger (level info, as served) wrote ${logged} line${logged === 1 ? '' : 's'}.`,
      ...machine,
      `Wall-clock figures grow with other load on the machine (1-minute load average ${(loadavg()[0] ?? 0).toFixed(2)} at the end): the overheads are differences of same-run medians, and the per-block spread shows how steady they were. The context the guarded write validates with stays cached for 5 minutes (list) and 15 (members): a run longer than that refetches once.`,
    );
  } finally {
    for (const client of clients) await client.close().catch(() => undefined);
    await clickupDeps.close();
    await clickup.close();
    await tracker.close();
  }
  return result;
}
