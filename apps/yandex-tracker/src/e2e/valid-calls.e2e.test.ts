/**
 * The valid calls the generated adversary starts from (valid-calls.ts): every one succeeds on a fresh
 * seed, through a real MCP client with every toolset; every registered tool has one or a reason not to.
 * A valid call refused would make the adversary's mutations of it meaningless.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createRegistry } from '../server.ts';
import { startInProcess, type TrackerHarness } from './__fixtures__/tracker-fixture.ts';
import { addSeedExtras, UNCOVERED, VALID_CALLS } from './__fixtures__/valid-calls.ts';

let t: TrackerHarness;
beforeAll(async () => {
  // As deployed: deletes and moves need the user's yes, which the valid calls give (`confirm: true`).
  t = await startInProcess({ env: { YANDEX_TRACKER_CONFIRM_DESTRUCTIVE: 'true' } });
});
afterAll(() => t.close());

describe('valid calls of every tool', () => {
  it('names every tool of the server (all toolsets) once: a valid call or a reason', async () => {
    const listed = (await t.connection.client.listTools()).tools.map((tool) => tool.name).sort();
    const registered = createRegistry()
      .list()
      .map((tool) => tool.name);
    expect(listed).toEqual(expect.arrayContaining(registered));
    const named = [...Object.keys(VALID_CALLS), ...Object.keys(UNCOVERED)].sort();
    expect(named).toEqual(listed);
    expect(Object.keys(VALID_CALLS).filter((name) => name in UNCOVERED)).toEqual([]);
  });

  for (const [tool, calls] of Object.entries(VALID_CALLS)) {
    calls.forEach((args, i) => {
      it(`${tool} #${i + 1} succeeds on a fresh seed, converting and assuming nothing`, async () => {
        t.emulator.reset();
        addSeedExtras(t.emulator.state);
        const result = await t.call(tool, args);
        if (result.isError) throw new Error(`${tool} refused a valid call: ${result.text}`);
        // Exact values: nothing to convert (an announcement would mean the call is not canonical).
        expect(result.notes ?? '').not.toMatch(/^converted: /);
      });
    });
  }
});
