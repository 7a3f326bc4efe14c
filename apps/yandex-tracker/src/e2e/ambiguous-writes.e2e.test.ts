/**
 * Every Tracker write that cannot be repeated safely — generated from the registry: the tools whose
 * annotations say they change data and are not idempotent (creates, comments, worklogs, checklist
 * items, uploads, links, transitions, moves, the bulk transition and move) — made from its valid
 * call (__fixtures__/valid-calls.ts) while the emulator makes the change and then loses the answer
 * (`failAfterHandling`: a 502, a 500, or no answer until the client times out), or drops the
 * connection once the request was read (the change not made). Each write is sent exactly once and
 * answered "Outcome unknown" with how to check, never "try again"; the check names a real read tool,
 * and that tool, called with the arguments given, shows the change when it was made (its answer
 * differs from the same read on a fresh seed) and does not when it was not.
 *
 * `create_issue` sends a `unique` key derived from the call, so its request may be sent again (with
 * the same key): it finds the issue it made and returns it, saying so (create-issue.test.ts covers
 * its "Outcome unknown" when the issue cannot be found).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { silentLogger } from '@toolsmith/core';
import { createMcpServer, parseServeArgs } from '@toolsmith/core/mcp';
import { connectInMemory, resultText, type McpTestConnection } from '@toolsmith/testing';
import { createTrackerEmulator, type TrackerEmulator } from '@toolsmith/yandex-tracker-emulator';
import { loadConfig } from '../config.ts';
import { createDeps, createRegistry, SERVER_NAME, SERVER_VERSION } from '../server.ts';
import type { TrackerDeps } from '../deps.ts';
import { emulatorEnv, TOKEN } from './__fixtures__/tracker-fixture.ts';
import { addSeedExtras, VALID_CALLS } from './__fixtures__/valid-calls.ts';

/** Searches, counts and key look-ups are POSTs that change nothing. */
const READ_POSTS = /\/(_search|_count|_findByUnique)$/;

const registry = createRegistry();
const TOOLS = new Map(registry.list().map((t) => [t.name, t]));

/** The writes a repeat could duplicate, from their annotations. */
const WRITES = registry
  .list()
  .filter((t) => !t.metadata.annotations.readOnlyHint && t.metadata.annotations.idempotentHint !== true)
  .map((t) => t.name);

/** Tools whose create carries an idempotency key derived from the call (sent again safely). */
const KEYED = new Set(['tracker_create_issue']);

interface Target {
  method: string;
  path: string;
}

type Fault = (api: TrackerEmulator, target: Target) => void;
const FAULTS: Record<string, { inject: Fault; made: boolean }> = {
  'a 502 after the change was made': {
    inject: (api, { method, path }) => api.failAfterHandling({ method, path, status: 502 }),
    made: true,
  },
  'a 500 after the change was made': {
    inject: (api, { method, path }) => api.failAfterHandling({ method, path, status: 500 }),
    made: true,
  },
  'no answer after the change was made (timeout)': {
    inject: (api, { method, path }) => api.failAfterHandling({ method, path, timeout: true }),
    made: true,
  },
  'the connection dropped once the request was read': {
    inject: (api, { method, path }) => api.faults.add({ kind: 'reset', when: 'after-body', method, path }),
    made: false,
  },
};

let emulator: TrackerEmulator;
let deps: TrackerDeps;
let connection: McpTestConnection;
/** The request each write tool changes data with, found from a clean run of its valid call. */
const targets = new Map<string, Target>();

const call = async (name: string, args: Record<string, unknown>) => {
  const result = await connection.client.callTool({ name, arguments: args });
  return { isError: result.isError === true, text: resultText(result) };
};

/** A fresh seed, and reference data read again (the server's cache outlives the emulator's reset). */
function freshSeed(): void {
  emulator.reset();
  addSeedExtras(emulator.state);
  for (const kind of deps.references.kindNames) deps.references.invalidate(kind);
}

/** The emulator applies a bulk change when it is polled; here it runs on its own, as on Tracker. */
function runBulkChanges(): void {
  for (const operation of emulator.state.bulkOperations) {
    if (operation.applied) continue;
    operation.applied = true;
    operation.apply();
  }
}

const writesOf = (from: number) =>
  emulator.requests.slice(from).filter((r) => r.method !== 'GET' && !READ_POSTS.test(r.path));

beforeAll(async () => {
  emulator = await createTrackerEmulator({ token: TOKEN });
  deps = createDeps(
    // 2.5 s: the timeout faults wait it out; a healthy call on a loaded CI machine never should.
    loadConfig(emulatorEnv(emulator, { YANDEX_TRACKER_TIMEOUT_MS: '2500', YANDEX_TRACKER_RETRIES: '1' })),
    { retryBaseDelayMs: 5 },
  );
  const server = createMcpServer({
    name: SERVER_NAME,
    version: SERVER_VERSION,
    registry: createRegistry(),
    deps,
    selection: parseServeArgs(['--toolsets', 'all'], {}).selection,
    logger: silentLogger,
  });
  connection = await connectInMemory(server);
  for (const tool of WRITES) {
    freshSeed();
    const from = emulator.requests.length;
    const clean = await call(tool, VALID_CALLS[tool]![0]!);
    expect([tool, clean.isError]).toEqual([tool, false]);
    const [write] = writesOf(from);
    targets.set(tool, { method: write!.method, path: write!.path });
  }
}, 60_000);

afterAll(async () => {
  await connection.close();
  await emulator.close();
});

describe('Tracker writes that cannot be repeated safely, when the answer is lost', () => {
  it('are found from the annotations: every create and add, links, transitions, moves, bulk transitions and moves', () => {
    expect(WRITES.toSorted()).toEqual([
      'tracker_add_checklist_item',
      'tracker_add_comment',
      'tracker_add_entity_comment',
      'tracker_add_worklog',
      'tracker_archive_sprint',
      'tracker_bulk_move_issues',
      'tracker_bulk_transition_issues',
      'tracker_create_autoaction',
      'tracker_create_board',
      'tracker_create_board_column',
      'tracker_create_component',
      'tracker_create_entity',
      'tracker_create_field',
      'tracker_create_filter',
      'tracker_create_issue',
      'tracker_create_issue_link',
      'tracker_create_local_field',
      'tracker_create_macro',
      'tracker_create_project',
      'tracker_create_queue',
      'tracker_create_sprint',
      'tracker_create_trigger',
      'tracker_create_version',
      'tracker_link_entities',
      'tracker_move_issue',
      'tracker_start_sprint',
      'tracker_transition_issue',
      'tracker_update_key_results',
      'tracker_upload_attachment',
    ]);
    // No create_* or add_* tool is marked idempotent by mistake.
    expect(
      [...TOOLS.keys()].filter((n) => /^tracker_(create|add|upload)_/.test(n) && !WRITES.includes(n)),
    ).toEqual([]);
  });

  const cases = WRITES.flatMap((tool) => Object.keys(FAULTS).map((fault) => [tool, fault] as const));

  it.each(cases)(
    '%s: %s → "Outcome unknown", sent once, and the check finds what was done',
    async (tool, fault) => {
      const args = VALID_CALLS[tool]![0]!;
      const target = targets.get(tool)!;
      freshSeed();
      FAULTS[fault]!.inject(emulator, target);
      const from = emulator.requests.length;
      const result = await call(tool, args);
      const sent = writesOf(from).filter((r) => r.method === target.method && r.path === target.path);

      if (KEYED.has(tool)) {
        // Sent again only with the same key, one issue; an issue the lost attempt made is found by
        // its key and said so — as this call's ("found by its unique key"), or, since this server
        // sent the same call before, as that call's ("Not created again"); one it did not make is
        // simply created by the retry.
        expect(new Set(sent.map((r) => (r.body as { unique?: string }).unique)).size).toBe(1);
        expect(emulator.state.issues.filter((i) => i.summary === args['summary'])).toHaveLength(1);
        if (result.isError) expect(result.text).toMatch(/^Outcome unknown: /);
        else if (FAULTS[fault]!.made)
          expect(result.text).toMatch(/found by its unique key|Not created again/);
        return;
      }

      expect(sent).toHaveLength(1); // never sent again
      expect(result.isError).toBe(true);
      const { text } = result;
      expect(text).toMatch(/^Outcome unknown: it is not known whether .+ — /);
      expect(text).toContain(`Do not call ${tool} again before checking.`);
      expect(text).not.toMatch(/\btry again\b/i);

      // The check: a real read tool, with arguments it takes.
      const how = /Call (tracker_\w+)(?: with (\{.*?\}))? and look for /.exec(text);
      expect(how).not.toBeNull();
      const checkTool = how![1]!;
      const checkArgs = how![2] === undefined ? {} : (JSON.parse(how![2]) as Record<string, unknown>);
      expect(TOOLS.get(checkTool)?.metadata.annotations.readOnlyHint).toBe(true);

      // …that shows the change when it was made, and nothing new when it was not.
      if (fault.includes('timeout')) await new Promise((resolve) => setTimeout(resolve, 50));
      runBulkChanges();
      const after = await call(checkTool, checkArgs);
      expect(after.isError).toBe(false);
      freshSeed();
      const before = await call(checkTool, checkArgs);
      expect(before.isError).toBe(false);
      if (FAULTS[fault]!.made) expect(after.text).not.toBe(before.text);
      else expect(after.text).toBe(before.text);
    },
    15_000,
  );
});
