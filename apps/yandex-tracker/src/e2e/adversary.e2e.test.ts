/**
 * The generated adversary against every Tracker tool (issue 21 §6): malformed calls derived from the
 * valid calls (valid-calls.ts) by what each parameter is declared to be, made through a real MCP
 * client against the emulator on a fresh seed each, and checked by property — a refusal is isError
 * before any accepted write and names the fix; a conversion is announced and writes exactly what the
 * valid call wrote; nothing crashes; no valid call is refused. Prints the per-tool table. The suite
 * is @toolsmith/testing's (describeAdversary); what is Tracker's is below.
 */
import type { SeenRequest } from '@toolsmith/testing/adversary';
import { describeAdversary } from '@toolsmith/testing/jest';
import { createTrackerEmulator } from '@toolsmith/yandex-tracker-emulator';
import { loadConfig } from '../config.ts';
import { createDeps, createRegistry, SERVER_NAME, SERVER_VERSION } from '../server.ts';
import type { TrackerDeps } from '../deps.ts';
import { emulatorEnv, TOKEN } from './__fixtures__/tracker-fixture.ts';
import { addSeedExtras, UNCOVERED, VALID_CALLS } from './__fixtures__/valid-calls.ts';

/** Searches and counts are POSTs that change nothing. */
const READ_POSTS = /\/(_search|_count|_findByUnique)$/;
const isWrite = (request: SeenRequest) => request.method !== 'GET' && !READ_POSTS.test(request.path);

/** A create carries a `unique` key derived from the call: the same issue, another key per run. */
function volatile(request: SeenRequest): SeenRequest {
  const body = request.body;
  if (body === null || typeof body !== 'object' || !('unique' in body)) return request;
  const { unique: _unique, ...rest } = body as Record<string, unknown>;
  return { ...request, body: rest };
}

describeAdversary<TrackerDeps>('the generated adversary, every Tracker tool', {
  name: 'yandex-tracker',
  options: { isWrite },
  async start() {
    const emulator = await createTrackerEmulator({ token: TOKEN });
    const deps = createDeps(
      // Deletes and moves need the user's yes, as deployed: the valid calls carry `confirm: true`.
      loadConfig(emulatorEnv(emulator, { YANDEX_TRACKER_CONFIRM_DESTRUCTIVE: 'true' })),
      { retryBaseDelayMs: 5 },
    );
    return {
      server: { name: SERVER_NAME, version: SERVER_VERSION, registry: createRegistry(), deps },
      target: {
        reset: () => {
          emulator.reset();
          addSeedExtras(emulator.state);
        },
        requests: () => emulator.requests,
        validCalls: VALID_CALLS,
        uncovered: UNCOVERED,
        references: deps.references,
        volatile,
      },
      close: () => emulator.close(),
    };
  },
});
