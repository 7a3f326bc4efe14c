/**
 * Every ClickUp write that cannot be repeated safely — generated from the registry: the tools whose
 * annotations say they change data and are not idempotent (creates, duplicating a task, uploading,
 * starting and stopping the timer) — made from its valid call (__fixtures__/valid-calls.ts) while
 * the emulator makes the change and then loses the answer (`failAfterHandling`: a 502, or no answer
 * until the client times out), or drops the connection once the request was read. ClickUp takes no
 * idempotency key, so each must answer "outcome unknown" with how to check — the read tool that
 * shows it and what to look for — and never "try again", nor send the write twice. A tool that looks
 * for what it made (create_task) may return it instead, saying so.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClickUpEmulator, type ClickUpEmulator } from '@toolsmith/clickup-emulator';
import { silentLogger } from '@toolsmith/core';
import { createMcpServer, parseServeArgs } from '@toolsmith/core/mcp';
import { connectInMemory, resultText, type McpTestConnection } from '@toolsmith/testing';
import { loadConfig } from '../config.ts';
import { createDeps } from '../deps.ts';
import { createRegistry, serverOptions } from '../server.ts';
import { emulatorEnv } from './__fixtures__/clickup-harness.ts';
import { addSeedExtras, VALID_CALLS } from './__fixtures__/valid-calls.ts';

const store = mkdtempSync(join(tmpdir(), 'clickup-ambiguous-'));
let emulator: ClickUpEmulator;
let connection: McpTestConnection;

const registry = createRegistry();
const TOOL_NAMES = new Set(registry.list().map((t) => t.name));

/** The writes a retry could duplicate, from their annotations. */
const WRITES = registry
  .list()
  .filter(
    (t) => t.metadata.annotations.readOnlyHint === false && t.metadata.annotations.idempotentHint === false,
  )
  .map((t) => t.name);

/** The verb of each write: POST, but for the writes that change in place what a repeat would change again. */
const METHOD: Readonly<Record<string, 'PUT'>> = { clickup_update_doc_page: 'PUT' }; // an append

const FAULTS = {
  'a 502 after the change was made': (api: ClickUpEmulator, method: string) =>
    api.failAfterHandling({ method, path: '/api/*', status: 502 }),
  'no answer after the change was made (timeout)': (api: ClickUpEmulator, method: string) =>
    api.failAfterHandling({ method, path: '/api/*', timeout: true }),
  'the connection dropped once the request was read': (api: ClickUpEmulator, method: string) =>
    api.faults.add({ kind: 'reset', when: 'after-body', method }),
} as const;

let deps: ReturnType<typeof createDeps>;
beforeAll(async () => {
  emulator = await createClickUpEmulator();
  deps = createDeps(
    loadConfig(emulatorEnv(emulator, { CLICKUP_WEBHOOK_STORE: store, CLICKUP_TIMEOUT_MS: '2500' })),
    silentLogger,
  );
  const server = createMcpServer({
    ...serverOptions(),
    registry: createRegistry(),
    deps,
    selection: parseServeArgs(['--toolsets', 'all'], {}).selection,
    logger: silentLogger,
  });
  connection = await connectInMemory(server);
  // An error the agent is shown gains the pack's hints; the first look-up opens the knowledge store
  // (PGlite, the pack ingested): seconds, more on a loaded machine. Opened here, each case's time is
  // its own — a cold open inside the first bulk case once took it past its 15 s in CI.
  await deps.knowledgeHints?.hintsFor(
    { toolId: 'clickup', command: 'create_task', error: 'warm-up' },
    { maxTokens: 50 },
  );
}, 60_000);

afterAll(async () => {
  await connection.close();
  await deps.close(); // the knowledge sandbox the checks of the writes ran in
  await emulator.close();
  rmSync(store, { recursive: true, force: true });
});

describe('writes ClickUp cannot make idempotent, when the answer is lost', () => {
  it('are found from the annotations: every create, and the other non-idempotent writes', () => {
    expect(WRITES.filter((name) => /^clickup_create_/.test(name)).length).toBeGreaterThanOrEqual(12);
    expect(WRITES).toEqual(expect.arrayContaining(['clickup_duplicate_task', 'clickup_upload_attachment']));
    for (const name of WRITES) expect(VALID_CALLS[name]?.length ?? 0).toBeGreaterThan(0);
    // Every create_* tool is among them (none is marked idempotent by mistake).
    expect([...TOOL_NAMES].filter((n) => n.startsWith('clickup_create_') && !WRITES.includes(n))).toEqual([]);
  });

  const cases = WRITES.flatMap((tool) =>
    Object.keys(FAULTS).map((fault) => [tool, fault as keyof typeof FAULTS] as const),
  );

  it.each(cases)(
    '%s: %s → "outcome unknown" with how to check, sent once',
    async (tool, fault) => {
      emulator.reset();
      addSeedExtras(emulator.state, tool);
      const method = METHOD[tool] ?? 'POST';
      FAULTS[fault](emulator, method);
      const from = emulator.requests.length;
      const result = await connection.client.callTool({ name: tool, arguments: VALID_CALLS[tool]![0]! });
      const text = resultText(result);
      const posts = emulator.writes(from).filter((r) => r.method === method);
      expect(posts).toHaveLength(1); // never sent again

      if (result.isError !== true) {
        // Only a tool that looked for what it made may answer without an error, and it says so.
        expect(text).toMatch(/was created: this is it\. Do not create it again/);
        return;
      }
      expect(text).toMatch(/^Outcome unknown: it is not known whether .+ — /);
      expect(text).toContain(`Do not call ${tool} again before checking.`);
      const checkedWith = /Call (clickup_\w+)/.exec(text)?.[1];
      if (checkedWith === undefined)
        expect(text).toContain('No tool reads it back: ask the user to look for');
      else expect(TOOL_NAMES.has(checkedWith)).toBe(true);
      expect(text).not.toMatch(/\btry again\b/i);
    },
    15_000,
  );
});
