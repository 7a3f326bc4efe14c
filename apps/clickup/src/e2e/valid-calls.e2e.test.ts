/**
 * The valid calls the generated adversary starts from (__fixtures__/valid-calls.ts): one or more for
 * every tool the server registers, each made through a real MCP client on a fresh emulator seed and
 * accepted; a tool without one is listed in UNCOVERED with the reason.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRegistry } from '../server.ts';
import { startInProcess, type ClickUpHarness } from './__fixtures__/clickup-harness.ts';
import { addSeedExtras, UNCOVERED, VALID_CALLS } from './__fixtures__/valid-calls.ts';

const store = mkdtempSync(join(tmpdir(), 'clickup-valid-calls-'));
let h: ClickUpHarness;

beforeAll(async () => {
  h = await startInProcess({ env: { CLICKUP_WEBHOOK_STORE: store } });
});
afterAll(async () => {
  await h.close();
  rmSync(store, { recursive: true, force: true });
});

const registered = [
  ...createRegistry()
    .list()
    .map((t) => t.name),
  'search_tools',
];

describe('valid calls of every tool', () => {
  it('covers every registered tool, and names no other', () => {
    const missing = registered.filter((name) => !VALID_CALLS[name]?.length && !UNCOVERED[name]);
    expect(missing).toEqual([]);
    const unknown = [...Object.keys(VALID_CALLS), ...Object.keys(UNCOVERED)].filter(
      (name) => !registered.includes(name),
    );
    expect(unknown).toEqual([]);
    expect(Object.keys(VALID_CALLS).filter((name) => UNCOVERED[name])).toEqual([]);
  });

  const calls = Object.entries(VALID_CALLS).flatMap(([tool, list]) =>
    list.map((args, i) => [`${tool} #${i + 1}`, tool, args] as const),
  );

  it.each(calls)('%s succeeds on a fresh seed', async (_label, tool, args) => {
    h.emulator.reset();
    addSeedExtras(h.emulator.state, tool);
    const result = await h.call(tool, args);
    if (result.isError) throw new Error(`${tool} refused a valid call:\n${result.text}`);
    // The emulator accepted whatever was written.
    expect(h.emulator.writes().filter((r) => r.status !== undefined && r.status >= 400)).toEqual([]);
  });
});
