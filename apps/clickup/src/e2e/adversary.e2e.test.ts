/**
 * The generated adversary against every ClickUp tool (issue 21 §6): malformed calls derived from the
 * valid calls (__fixtures__/valid-calls.ts) by what each parameter is declared to be, made through a
 * real MCP client against the emulator on a fresh seed each, and checked by property — a refusal is
 * isError before any accepted write and names the fix; a conversion is announced and writes exactly
 * what the valid call wrote; nothing crashes; no valid call is refused. Prints the per-tool table.
 * The suite is @toolsmith/testing's (describeAdversary); what is ClickUp's is below.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClickUpEmulator } from '@toolsmith/clickup-emulator';
import { silentLogger } from '@toolsmith/core';
import { describeAdversary } from '@toolsmith/testing/jest';
import { loadConfig } from '../config.ts';
import { createDeps, type ClickUpDeps } from '../deps.ts';
import { createRegistry, serverOptions } from '../server.ts';
import { emulatorEnv } from './__fixtures__/clickup-harness.ts';
import { addSeedExtras, UNCOVERED, VALID_CALLS } from './__fixtures__/valid-calls.ts';

describeAdversary<ClickUpDeps>('the generated adversary, every ClickUp tool', {
  name: 'clickup',
  async start() {
    // The webhooks the calls make keep their secrets in a throwaway store.
    const store = mkdtempSync(join(tmpdir(), 'clickup-adversary-'));
    const emulator = await createClickUpEmulator();
    const deps = createDeps(
      loadConfig(emulatorEnv(emulator, { CLICKUP_WEBHOOK_STORE: store })),
      silentLogger,
    );
    return {
      server: { ...serverOptions(), registry: createRegistry(), deps },
      target: {
        reset: (tool) => {
          emulator.reset();
          addSeedExtras(emulator.state, tool);
        },
        requests: () => emulator.requests,
        validCalls: VALID_CALLS,
        uncovered: UNCOVERED,
        references: deps.references,
      },
      async close() {
        await deps.webhookEvents?.close();
        await deps.close();
        await emulator.close();
        rmSync(store, { recursive: true, force: true });
      },
    };
  },
});
