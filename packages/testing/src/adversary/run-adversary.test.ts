/**
 * The adversary against a small "notes" server (__fixtures__/notes-server.ts) over a real MCP client
 * and a fake HTTP API: a tool on the guarded path passes with no violation; tools that strip unknown
 * keys, crash on a value or convert silently are caught by the properties, without a test naming
 * their cases.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { noProgress, silentLogger, ToolRegistry } from '@toolsmith/core';
import { createMcpServer } from '@toolsmith/core/mcp';
import type { FakeApi } from '../fake-api/fake-api.ts';
import { connectInMemory, type McpTestConnection } from '../harness/connect.ts';
import {
  FindNotesTool,
  LegacyUpdateNoteTool,
  NOTES_VALID_CALLS,
  references,
  SnoozeNoteTool,
  startNotesApi,
  UpdateNoteTool,
  type NotesDeps,
} from './__fixtures__/notes-server.ts';
import type { AdversaryTarget } from './adversary-target.ts';
import { formatAdversaryReport, runAdversary } from './run-adversary.ts';

let api: FakeApi;
let connection: McpTestConnection;
let deps: NotesDeps;
const tools = [new UpdateNoteTool(), new LegacyUpdateNoteTool(), new SnoozeNoteTool(), new FindNotesTool()];

beforeAll(async () => {
  api = await startNotesApi();
  deps = { api: api.url, references };
  const registry = new ToolRegistry<NotesDeps>().register(...tools);
  connection = await connectInMemory(
    createMcpServer({
      name: 'notes',
      version: '1.0.0',
      registry,
      deps,
      logger: silentLogger,
      searchTools: false,
    }),
  );
});

afterAll(async () => {
  await connection.close();
  await api.close();
});

function target(only: readonly string[]): AdversaryTarget<NotesDeps> {
  return {
    name: 'notes',
    tools: tools.filter((t) => only.includes(t.name)),
    client: connection.client,
    reset: () => api.reset(),
    requests: () => api.requests,
    references,
    context: () => ({
      deps,
      signal: new AbortController().signal,
      progress: noProgress,
      logger: silentLogger,
      toolName: 'adversary',
    }),
    validCalls: NOTES_VALID_CALLS,
  };
}

describe('runAdversary', () => {
  it('finds no violation in tools on the guarded path, and converts or catches every mistake it makes', async () => {
    const report = await runAdversary(target(['notes_update_note', 'notes_find_notes']));
    const text = formatAdversaryReport('notes', report);
    expect(report.violations).toEqual([]);
    expect(report.totals.generated).toBeGreaterThan(60);
    expect(report.totals.converted).toBeGreaterThan(10);
    expect(report.handledShare).toBe(1);
    expect(text).toMatch(/notes_update_note\s+\d+/);
  });

  it('catches a tool that strips unknown keys and writes "" as a silent wrong write', async () => {
    const report = await runAdversary(target(['notes_update_note_legacy']));
    const kinds = new Set(report.violations.map((v) => `${v.mistake}:${v.kind}`));
    expect(kinds).toContain('unknown-key:silent-wrong-write');
    expect(kinds).toContain('blank-string:silent-wrong-write');
    // Nested too: the unknown key inside `watchers` was stripped and the write went through.
    expect(
      report.violations.some((v) => v.mistake === 'unknown-key' && v.field.startsWith('watchers.')),
    ).toBe(true);
  });

  it('catches a tool that crashes (-32603) on a value it does not check', async () => {
    const report = await runAdversary(target(['notes_snooze_note']));
    expect(report.violations.some((v) => v.kind === 'crash' && /internal|error/i.test(v.detail))).toBe(true);
  });

  it('is repeatable: the same seed makes the same calls', async () => {
    const a = await runAdversary(target(['notes_update_note']), { seed: 5 });
    const b = await runAdversary(target(['notes_update_note']), { seed: 5 });
    expect(a.rows).toEqual(b.rows);
  });
});
